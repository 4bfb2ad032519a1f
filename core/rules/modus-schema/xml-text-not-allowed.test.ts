import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, AL_SUBMIT } from '../../../test/modus/modus-documents.ts';
import { readFileSync } from 'node:fs';

describe('MOD013 xml-text-not-allowed', () => {
  it('does not fire on white space, comments and processing instructions between elements', () => {
    expect(
      diagnosticsOf(modus(['<SampleMetaData>', '<SampleMetaData>\n  <!-- c --> <?pi x?>\n']), 'MOD013'),
    ).toEqual([]);
  });

  it('reports text in element-only content at the text', () => {
    const xml = modus(['<SampleMetaData>', '<SampleMetaData>  12']);
    const [d] = diagnosticsOf(xml, 'MOD013');
    expect(d?.message).toBe('<SampleMetaData> holds elements only; the text "12" is not allowed in it');
    expect(d?.location.range?.start).toEqual(at(xml, '12<'));
  });

  it('reports any text, even a space, in an element that must be empty', () => {
    const submit = readFileSync(AL_SUBMIT, 'utf8');
    const xml = submit.replace("<Depth DepthID='1'></Depth>", "<Depth DepthID='1'> </Depth>");
    const [d] = diagnosticsOf(xml, 'MOD013');
    expect(d?.messageId).toBe('empty');
    expect(d?.location.range?.start).toEqual(at(xml, "'1'> <", 0, 4));
  });
});
