import type { FileKind } from '../input/file-kind.ts';
import type { RuleMeta } from '../rules/rule.ts';
import type { SettingSpec } from './settings.ts';

/**
 * The kinds of file an engine knows, with the rules they report and the settings they read. Each entry binds
 * the engine to its own: `validate` of the main entry to every kind (core/engine/every-kind.ts), that of
 * `fieldgate/wkt` to .wkt files alone, so a WKT-only script bundles no other kind's code or rules.
 */
export interface KindSet {
  /** The kinds detection chooses from, content first (core/formats/detect-kind.ts). */
  detected: readonly FileKind[];
  /** Every kind by name: the detected ones and those only chosen by name (`kind`). */
  catalogue: readonly FileKind[];
  /** The rules a selection may name (`rules`, `fix.rules`): every rule these kinds report. */
  rules: readonly RuleMeta[];
  /** The settings these kinds read (`settings`). */
  settings: readonly SettingSpec[];
}
