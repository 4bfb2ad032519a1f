/**
 * The geometry model lives in core/planar/geometry.ts, below the readers that produce it (WKT, shapefile);
 * re-exported here for the checks that have always imported it from this folder.
 */
export * from '../planar/geometry.ts';
