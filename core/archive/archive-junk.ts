/**
 * Entries that archivers add beside the real content (macOS resource forks and folder metadata): never a
 * member of a prescription or boundary set, never worth a diagnostic.
 */
export function isArchiveJunk(name: string): boolean {
  const file = name.split(/[/\\]/).pop() ?? '';
  return name.startsWith('__MACOSX/') || file.startsWith('._') || file === '.DS_Store';
}
