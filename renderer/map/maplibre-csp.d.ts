// MapLibre's CSP build (no blob: workers, no eval) has the same API as the package's main entry.
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  export * from 'maplibre-gl';
}

// Vite: the URL of a file copied into the build.
declare module '*?url' {
  const url: string;
  export default url;
}
