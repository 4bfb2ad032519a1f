/**
 * A file kind that detects with its KindInfo and loads its checks on first use: what each entry's kind list
 * is made of (core/formats/registry.ts for every kind, core/entries/wkt.ts for .wkt files alone).
 */
import type { FileKind, KindInfo } from '../input/file-kind.ts';

/** A kind's checks, once loaded: the kind of this id in the list its module exports. */
export async function loaded(id: string, list: Promise<readonly FileKind[]>): Promise<FileKind> {
  const kind = (await list).find((k) => k.id === id);
  if (!kind) throw new Error(`the module of file kind ${id} does not define it`);
  return kind;
}

/**
 * A FileKind that detects with `info` and loads the rest with `load` when first asked to check or fix. It
 * has the methods `info.can` declares (a test checks the loaded kind keeps them).
 */
export function lazyKind(info: KindInfo, load: () => Promise<FileKind>): FileKind {
  let loading: Promise<FileKind> | undefined;
  const kind = (): Promise<FileKind> => (loading ??= load());
  const missing = (method: string): Error => new Error(`file kind ${info.id} has no ${method}`);
  const lazy: FileKind = {
    id: info.id,
    title: info.title,
    can: info.can,
    detect: info.detect,
    validate: async (file, options) => (await kind()).validate(file, options),
  };
  if (info.binary) lazy.binary = true;
  if (info.can.streams) {
    lazy.validateStream = async (file, options) => {
      const k = await kind();
      if (!k.validateStream) throw missing('validateStream');
      return k.validateStream(file, options);
    };
  }
  if (info.can.text) {
    lazy.validateText = async (file, options) => {
      const k = await kind();
      if (!k.validateText) throw missing('validateText');
      return k.validateText(file, options);
    };
  }
  if (info.can.fixes) {
    lazy.fix = async (file, report, allowed) => {
      const k = await kind();
      if (!k.fix) throw missing('fix');
      return k.fix(file, report, allowed);
    };
  }
  if (info.can.fixesByStatement) {
    lazy.fixStream = async (file, options, fixStatement, output) => {
      const k = await kind();
      if (!k.fixStream) throw missing('fixStream');
      return k.fixStream(file, options, fixStatement, output);
    };
  }
  return lazy;
}
