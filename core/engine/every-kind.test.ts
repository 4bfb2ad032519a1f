/** The main entry's settings: every kind's by default, CSV batches' included; a narrower list when given. */
import { describe, expect, it } from 'vitest';
import { checkSettings, describeSettings, settingsFor } from './every-kind.ts';
import { nonCsvSettingSpecs } from './settings.ts';

describe('settings of every kind', () => {
  it('checks against every kind by default, or against the specs given', () => {
    expect(checkSettings({ delimiter: 'tab', acreageTolerance: '0.1' })).toEqual({
      ok: true,
      settings: { delimiter: 'tab', acreageTolerance: 0.1 },
    });
    expect(checkSettings({ delimiter: 'tab' }, nonCsvSettingSpecs)).toMatchObject({
      ok: false,
      problems: [{ setting: 'delimiter', message: 'unknown setting "delimiter"' }],
    });
    expect(describeSettings().some((line) => line.startsWith('mapping (string; csv-fields'))).toBe(true);
    expect(settingsFor('csv-soil-tests').map((s) => s.name)).toEqual([
      'encoding',
      'delimiter',
      'decimalMark',
      'mapping',
    ]);
  });
});
