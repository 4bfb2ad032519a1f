/** Save text or bytes as a file through the browser's download (works in both hosts; nothing leaves the machine). */
export function saveFile(fileName: string, mediaType: string, content: string | Uint8Array): void {
  const blob = new Blob([typeof content === 'string' ? content : new Uint8Array(content)], {
    type: mediaType,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
