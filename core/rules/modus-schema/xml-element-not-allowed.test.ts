import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { modus, diagnosticsOf, at, MINIMAL_RESULT, AL_SUBMIT } from '../../../test/modus/modus-documents.ts';

describe('MOD006 xml-element-not-allowed', () => {
  it('does not fire on a valid document', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD006')).toEqual([]);
  });

  it('reports an unknown element with what was expected and a guess', () => {
    const xml = modus([
      '</LabName>',
      '</LabName><Contact><Name>A</Name><Phone>1</Phone><Address>B</Address></Contact>',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD006');
    expect(d?.message).toBe(
      '<Phone> is not allowed in <Contact> (expected one of <PhoneNumber> and <Address>)',
    );
    expect(d?.hint).toContain('Did you mean <PhoneNumber>?');
    expect(d?.location.range?.start).toEqual(at(xml, '<Phone>'));
    expect(d?.location.path).toEqual(['ModusResult', 'Event', 0, 'LabMetaData', 'Contact', 'Phone']);
  });

  it('reports an element inside a value', () => {
    const xml = modus(['<LabName>A &amp; L', '<LabName><b>A</b> &amp; L']);
    const [d] = diagnosticsOf(xml, 'MOD006');
    expect(d?.messageId).toBe('inSimple');
    expect(d?.location.range?.start).toEqual(at(xml, '<b>'));
  });

  it('reports a second kind of samples in EventSamples', () => {
    const xml = modus(['</Soil></EventSamples>', '</Soil><Plant/></EventSamples>']);
    const [d] = diagnosticsOf(xml, 'MOD006');
    expect(d?.messageId).toBe('choice');
    expect(d?.location.range?.start).toEqual(at(xml, '<Plant/>'));
  });

  it('reports a namespaced element', () => {
    const xml = modus(['<LabName>', '<x:LabName xmlns:x="urn:x">'], ['</LabName>', '</x:LabName>']);
    expect(diagnosticsOf(xml, 'MOD006')[0]?.messageId).toBe('namespaced');
  });

  it('reports an element inside an element that must be empty (a submitted Depth)', () => {
    const submit = readFileSync(AL_SUBMIT, 'utf8');
    const xml = submit.replace("<Depth DepthID='1'></Depth>", "<Depth DepthID='1'><Value>3</Value></Depth>");
    const [d] = diagnosticsOf(xml, 'MOD006');
    expect(d?.messageId).toBe('inEmpty');
    expect(d?.message).toBe('<Depth> must be empty; the element <Value> is not allowed in it');
    expect(d?.location.range?.start).toEqual(at(xml, '<Value>'));
  });
});
