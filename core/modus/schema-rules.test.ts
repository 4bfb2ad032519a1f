import { describe, expect, it } from 'vitest';
import { modus, diagnosticsOf, at, MINIMAL_RESULT, AL_SUBMIT } from '../../test/modus/modus-documents.ts';
import { ModusValidator, validateModus } from './validate-modus.ts';
import { readFileSync } from 'node:fs';

describe('MOD001 xml-malformed', () => {
  it('does not fire on a well-formed document', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD001')).toEqual([]);
  });

  it('reports a bare ampersand at its line and column, and stops there', () => {
    const xml = modus(['A &amp; L', 'A & L']);
    const found = diagnosticsOf(xml, 'MOD001');
    expect(found).toHaveLength(1);
    expect(found[0]?.location.range?.start).toEqual(at(xml, '& L'));
    expect(found[0]?.message).toContain('"&" is not followed by an entity name');
    expect(found[0]?.hint).toContain('&amp;');
  });

  it('reports a mismatched end tag at the end tag', () => {
    const xml = modus(['</LabName>', '</Labname>']);
    const [d] = diagnosticsOf(xml, 'MOD001');
    expect(d?.location.range?.start).toEqual(at(xml, '</Labname>'));
    expect(d?.location.range?.start.line).toBe(5);
    expect(d?.message).toContain('</Labname> does not match the open element <LabName>');
  });

  it('reports an undefined entity, an undeclared prefix and a forbidden character', () => {
    const entity = modus(['A &amp; L', 'A &nbsp; L']);
    expect(diagnosticsOf(entity, 'MOD001')[0]?.message).toContain('the entity "&nbsp;" is not defined');
    expect(diagnosticsOf(entity, 'MOD001')[0]?.location.range?.start).toEqual(at(entity, '&nbsp;'));
    const prefix = modus([' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"', '']);
    const [p] = diagnosticsOf(prefix, 'MOD001');
    expect(p?.message).toContain('the namespace prefix "xsi" of attribute xsi:nil is not declared');
    expect(p?.location.range?.start).toEqual(at(prefix, 'xsi:nil'));
    const control = modus(['<EventCode>E1', '<EventCode>E\u00011']);
    const [c] = diagnosticsOf(control, 'MOD001');
    expect(c?.message).toContain('U+0001');
    expect(c?.location.range?.start).toEqual(at(control, '\u0001'));
  });

  it('reports unclosed elements at the end of the input and text after the root', () => {
    const unclosed = MINIMAL_RESULT.replace('</ModusResult>\n', '');
    const [u] = diagnosticsOf(unclosed, 'MOD001');
    expect(u?.message).toContain('ends before <ModusResult> is closed');
    expect(u?.location.range?.start.offset).toBe(unclosed.length);
    const trailing = MINIMAL_RESULT + 'junk';
    expect(diagnosticsOf(trailing, 'MOD001')[0]?.location.range?.start).toEqual(at(trailing, 'junk'));
  });

  it('finds the same error whatever the chunking of the bytes', () => {
    const xml = modus(['<Value>2.4</Value>', '<Value>2.4</Valu>']);
    const whole = diagnosticsOf(new TextEncoder().encode(xml), 'MOD001');
    const validator = new ModusValidator({ selection: { select: ['MOD001'] } });
    const bytes = new TextEncoder().encode(xml);
    for (let i = 0; i < bytes.length; i += 7) validator.write(bytes.subarray(i, i + 7));
    expect(validator.end().diagnostics).toEqual(whole);
    expect(whole[0]?.location.range?.start).toEqual(at(xml, '</Valu>'));
  });
});

describe('MOD002 xml-doctype', () => {
  it('does not fire without a DOCTYPE', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD002')).toEqual([]);
  });

  it('rejects a DOCTYPE that declares an entity, at the declaration', () => {
    const xml = modus(
      ['<ModusResult ', '<!DOCTYPE ModusResult [<!ENTITY lab "A &#38; L">]>\n<ModusResult '],
      ['A &amp; L Great Lakes Laboratories', '&lab;'],
    );
    const found = diagnosticsOf(xml, 'MOD002');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', messageId: 'entities' });
    expect(found[0]?.location.range?.start).toEqual(at(xml, '<!ENTITY'));
    expect(found[0]?.message).toContain('an entity declaration');
  });

  it('rejects parameter entities too', () => {
    const xml = modus(['<ModusResult ', '<!DOCTYPE ModusResult [%pe;]>\n<ModusResult ']);
    expect(diagnosticsOf(xml, 'MOD002')[0]?.message).toContain('parameter-entity reference');
  });

  it('only warns about a DOCTYPE without entities, which is skipped', () => {
    const xml = modus([
      '<ModusResult ',
      '<!DOCTYPE ModusResult SYSTEM "http://example.com/modus.dtd">\n<ModusResult ',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD002');
    expect(d).toMatchObject({ severity: 'warning', messageId: 'ignored' });
    expect(d?.message).toContain('external DTD is not fetched');
    expect(d?.location.range?.start).toEqual(at(xml, '<!DOCTYPE'));
  });
});

describe('MOD003 xml-limit-exceeded', () => {
  it('does not fire within the limits', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD003')).toEqual([]);
  });

  it('stops at the element that nests too deep', () => {
    const [d] = diagnosticsOf(MINIMAL_RESULT, 'MOD003', { limits: { maxDepth: 5 } });
    expect(d?.message).toContain('nested more than 5 deep');
    expect(d?.location.range?.start).toEqual(at(MINIMAL_RESULT, '<DepthRef '));
  });

  it('stops a document longer than the size limit', () => {
    const [d] = diagnosticsOf(MINIMAL_RESULT, 'MOD003', { limits: { maxDocumentLength: 200 } });
    expect(d?.message).toContain('longer than 200 characters');
    expect(d?.location.range?.start.offset).toBe(200);
  });

  it('stops a tag longer than the token limit', () => {
    const xml = modus([
      '<LabName>',
      `<LabName${Array.from({ length: 50 }, (_, i) => ` a${i}="1"`).join('')}>`,
    ]);
    expect(diagnosticsOf(xml, 'MOD003', { limits: { maxAttributes: 10 } })[0]?.message).toContain(
      'more than 10 attributes',
    );
  });
});

describe('MOD004 xml-encoding', () => {
  const bytesWith = (xml: string, marker: string, replacement: number[]): Uint8Array => {
    const [head, tail] = xml.split(marker) as [string, string];
    const a = new TextEncoder().encode(head);
    const b = new TextEncoder().encode(tail);
    const out = new Uint8Array(a.length + replacement.length + b.length);
    out.set(a, 0);
    out.set(replacement, a.length);
    out.set(b, a.length + replacement.length);
    return out;
  };

  it('does not fire on UTF-8, nor on Latin-1 that says so', () => {
    expect(
      diagnosticsOf(new TextEncoder().encode(modus(['Laboratories', 'Laboratoriés'])), 'MOD004'),
    ).toEqual([]);
    const latin = bytesWith(
      modus(['encoding="UTF-8"', 'encoding="ISO-8859-1"'], ['Laboratories', 'Laboratori@s']),
      '@',
      [0xe9],
    );
    expect(validateModus(latin).diagnostics).toEqual([]);
  });

  it('reports the first invalid UTF-8 byte with its byte offset and its position', () => {
    const xml = modus(['Laboratories', 'Laboratori@s']);
    const bytes = bytesWith(xml, '@', [0xe9]);
    const [d] = diagnosticsOf(bytes, 'MOD004');
    expect(d?.messageId).toBe('invalidBytes');
    expect(d?.message).toContain(`byte 0xE9 is not valid UTF-8 (byte ${xml.indexOf('@')})`);
    expect(d?.location.range?.start).toEqual(at(xml, '@'));
  });

  it('reports an encoding that cannot be read', () => {
    const [d] = diagnosticsOf(
      new TextEncoder().encode(modus(['encoding="UTF-8"', 'encoding="X-NOPE"'])),
      'MOD004',
    );
    expect(d?.messageId).toBe('unsupported');
    expect(d?.location.range?.start.offset).toBe(0);
  });
});

describe('MOD005 modus-root-element', () => {
  it('does not fire on ModusResult or ModusSubmit', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD005')).toEqual([]);
  });

  it('reports another root element', () => {
    const xml = '<?xml version="1.0"?>\n<kml><Document/></kml>\n';
    const [d] = diagnosticsOf(xml, 'MOD005');
    expect(d?.message).toBe('The root element is <kml>, not <ModusResult> or <ModusSubmit>');
    expect(d?.location.range?.start).toEqual(at(xml, '<kml>'));
  });

  it('reports a Modus root in a namespace', () => {
    const xml = modus(['<ModusResult Version', '<ModusResult xmlns="urn:modus" Version']);
    const [d] = diagnosticsOf(xml, 'MOD005');
    expect(d?.messageId).toBe('namespaced');
    expect(d?.location.range?.start).toEqual(at(xml, '<ModusResult'));
  });
});

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

describe('MOD007 xml-element-missing', () => {
  it('does not fire on a valid document', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD007')).toEqual([]);
  });

  it('names every missing child, at the parent start tag', () => {
    const xml = modus([
      '<ModusTestID>S-SOM-LOI.15</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/>',
      '',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD007');
    expect(d?.message).toBe('<NutrientResult> is missing <ModusTestID>, <ValueType> and <ValueDesc>');
    expect(d?.location.range?.start).toEqual(at(xml, '<NutrientResult>'));
    expect(d?.location.path).toEqual([
      'ModusResult',
      'Event',
      0,
      'EventSamples',
      'Soil',
      'SoilSample',
      0,
      'Depths',
      'Depth',
      0,
      'NutrientResults',
      'NutrientResult',
      0,
    ]);
  });

  it('names a sequence member missing before the element that came instead, and goes on', () => {
    const xml = modus([
      MINIMAL_RESULT.slice(
        MINIMAL_RESULT.indexOf('<DepthRefs>'),
        MINIMAL_RESULT.indexOf('</DepthRefs>') + 13,
      ),
      '',
    ]);
    const found = diagnosticsOf(xml, 'MOD007');
    expect(found[0]?.message).toBe('<Soil> is missing <DepthRefs> before <SoilSample>');
    expect(found[0]?.location.range?.start).toEqual(at(xml, '<SoilSample>'));
    expect(found).toHaveLength(1);
  });
});

describe('MOD008 xml-attribute-not-allowed', () => {
  it('does not fire on declared and xsi attributes', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD008')).toEqual([]);
    expect(
      diagnosticsOf(
        modus(['<ModusResult ', '<ModusResult xsi:noNamespaceSchemaLocation="modus_result.xsd" ']),
        'MOD008',
      ),
    ).toEqual([]);
  });

  it('reports a misspelt attribute with a guess', () => {
    const xml = modus(['<Depth DepthID="1">', '<Depth DepthID="1" DepthId="1">']);
    const [d] = diagnosticsOf(xml, 'MOD008');
    expect(d?.message).toBe('Attribute DepthId is not allowed on <Depth> (it takes DepthID)');
    expect(d?.hint).toContain('Did you mean DepthID?');
    expect(d?.location.range?.start).toEqual(at(xml, 'DepthId'));
  });

  it('reports attributes in other namespaces and unknown xsi attributes', () => {
    expect(diagnosticsOf(modus(['<LabName>', '<LabName xml:lang="en">']), 'MOD008')).toHaveLength(1);
    expect(diagnosticsOf(modus(['<LabName>', '<LabName xsi:foo="1">']), 'MOD008')).toHaveLength(1);
  });
});

describe('MOD009 xml-attribute-missing', () => {
  it('does not fire when required attributes are there', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD009')).toEqual([]);
  });

  it('reports a Depth without DepthID at its start tag', () => {
    const xml = modus(['<Depth DepthID="1">', '<Depth>']);
    const [d] = diagnosticsOf(xml, 'MOD009');
    expect(d?.message).toBe('<Depth> is missing the required attribute DepthID');
    expect(d?.location.range?.start).toEqual(at(xml, '<Depth>'));
    expect(d?.location.range?.end).toEqual(at(xml, '<Depth>', 0, 7));
  });
});

describe('MOD010 xml-value-type-invalid', () => {
  it('does not fire on values of the right type', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD010')).toEqual([]);
    expect(diagnosticsOf(modus(['<Value>2.4</Value>', '<Value> 2.4e0 </Value>']), 'MOD010')).toEqual([]);
  });

  it('reports a date that is not YYYY-MM-DD, on the value', () => {
    const xml = modus(['2021-09-24', '09/24/2021']);
    const [d] = diagnosticsOf(xml, 'MOD010');
    expect(d?.message).toBe('<EventDate> value "09/24/2021" is not a date (xs:date, YYYY-MM-DD)');
    expect(d?.location.range?.start).toEqual(at(xml, '09/24/2021'));
    expect(d?.location.range?.end).toEqual(at(xml, '09/24/2021', 0, 10));
  });

  it('reports a day that does not exist and a decimal comma', () => {
    expect(diagnosticsOf(modus(['2021-09-24', '2021-02-29']), 'MOD010')).toHaveLength(1);
    expect(
      diagnosticsOf(modus(['<Value>2.4</Value>', '<Value>2,4</Value>']), 'MOD010')[0]?.message,
    ).toContain('is not a number');
  });

  it('reports an attribute value of the wrong type on the value', () => {
    const xml = modus(['<Depth DepthID="1">', '<Depth DepthID="one">']);
    const [d] = diagnosticsOf(xml, 'MOD010');
    expect(d?.messageId).toBe('attribute');
    expect(d?.location.range?.start).toEqual(at(xml, 'one'));
  });
});

describe('MOD011 xml-value-not-in-list', () => {
  it('does not fire on listed values and nil', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD011')).toEqual([]);
    expect(
      diagnosticsOf(modus(['<ValueDesc xsi:nil="true"/>', '<ValueDesc>VH</ValueDesc>']), 'MOD011'),
    ).toEqual([]);
  });

  it('reports a value outside the list, with the right spelling as hint', () => {
    const xml = modus(['<ValueType>Measured</ValueType>', '<ValueType>measured</ValueType>']);
    const [d] = diagnosticsOf(xml, 'MOD011');
    expect(d?.message).toBe(
      '<ValueType> value "measured" is not one of "Measured", "Percent", "Calculated", "Index"',
    );
    expect(d?.hint).toBe('Write "Measured" (case and spaces count).');
    expect(d?.location.range?.start).toEqual(at(xml, 'measured'));
  });

  it('counts spaces: " Low" is not "Low", and an empty ValueDesc is not in the list', () => {
    expect(
      diagnosticsOf(modus(['<ValueDesc xsi:nil="true"/>', '<ValueDesc> Low</ValueDesc>']), 'MOD011'),
    ).toHaveLength(1);
    expect(diagnosticsOf(modus(['<ValueDesc xsi:nil="true"/>', '<ValueDesc/>']), 'MOD011')).toHaveLength(1);
  });
});

describe('MOD012 xml-value-out-of-range', () => {
  it('does not fire on values within their bounds', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD012')).toEqual([]);
    expect(diagnosticsOf(modus(['<Value>2.4</Value>', '<Value>-0</Value>']), 'MOD012')).toEqual([]);
  });

  it('reports a negative result value', () => {
    const xml = modus(['<Value>2.4</Value>', '<Value>-1.5</Value>']);
    const [d] = diagnosticsOf(xml, 'MOD012');
    expect(d?.message).toBe('<Value> value "-1.5" must be at least 0');
    expect(d?.location.range?.start).toEqual(at(xml, '-1.5'));
  });

  it('reports DepthID 0, an empty unit and an over-long integer', () => {
    const zero = modus(['<Depth DepthID="1">', '<Depth DepthID="0">']);
    expect(diagnosticsOf(zero, 'MOD012')[0]?.location.range?.start).toEqual(at(zero, '0">'));
    expect(
      diagnosticsOf(modus(['<ValueUnit>percent</ValueUnit>', '<ValueUnit></ValueUnit>']), 'MOD012')[0]
        ?.message,
    ).toContain('must not be empty');
    expect(diagnosticsOf(modus(['<Depth DepthID="1">', '<Depth DepthID="-3">']), 'MOD012')).toHaveLength(1);
  });
});

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

describe('MOD014 xml-key-duplicate', () => {
  it('does not fire on distinct keys', () => {
    const xml = modus([
      '</DepthRef></DepthRefs>',
      '</DepthRef><DepthRef DepthID="2"><Name>8 - 24 in</Name></DepthRef></DepthRefs>',
    ]);
    expect(diagnosticsOf(xml, 'MOD014')).toEqual([]);
  });

  it('reports a DepthID defined twice (compared as numbers), at the second one', () => {
    const xml = modus([
      '</DepthRef></DepthRefs>',
      '</DepthRef><DepthRef DepthID="01"><Name>again</Name></DepthRef></DepthRefs>',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD014');
    expect(d?.message).toBe('DepthRef@DepthID "1" is used twice in <DepthRefs> (first on line 7)');
    expect(d?.location.range?.start).toEqual(at(xml, '01"'));
  });

  it('reports keys held in child elements (recommendation elements)', () => {
    const rec =
      '<NutrientRecommendations><NutrientRecommendation RecID="1"><Recommendation><Element>N</Element><Value>1</Value><ValueUnit>lb/ac</ValueUnit></Recommendation><Recommendation><Element>N</Element><Value>2</Value><ValueUnit>lb/ac</ValueUnit></Recommendation></NutrientRecommendation></NutrientRecommendations>';
    const xml = modus(['</Depths></SoilSample>', `</Depths>${rec}</SoilSample>`]);
    const [d] = diagnosticsOf(xml, 'MOD014');
    expect(d?.message).toContain('Recommendation/Element "N"');
    expect(d?.location.range?.start).toEqual(at(xml, '<Element>N', 1, 9));
  });
});

describe('MOD015 xsi-attribute-invalid', () => {
  it('does not fire on xsi:nil where it is allowed', () => {
    expect(diagnosticsOf(MINIMAL_RESULT, 'MOD015')).toEqual([]);
    expect(
      diagnosticsOf(modus(['<EventCode>E1</EventCode>', '<EventCode xsi:nil="true"/>']), 'MOD015'),
    ).toEqual([]);
  });

  it('reports xsi:nil on an element that is not nillable', () => {
    const xml = modus(['<LabName>A &amp; L Great Lakes Laboratories</LabName>', '<LabName xsi:nil="true"/>']);
    const [d] = diagnosticsOf(xml, 'MOD015');
    expect(d?.message).toBe('<LabName> cannot be nil (xsi:nil)');
    expect(d?.location.range?.start).toEqual(at(xml, 'xsi:nil="true"/>'));
  });

  it('reports a nil element with content, and a nil that is not a boolean', () => {
    const content = modus(['<ValueDesc xsi:nil="true"/>', '<ValueDesc xsi:nil="true">Low</ValueDesc>']);
    expect(diagnosticsOf(content, 'MOD015')[0]?.messageId).toBe('nilledContent');
    expect(diagnosticsOf(content, 'MOD015')[0]?.location.range?.start).toEqual(at(content, 'Low<'));
    expect(diagnosticsOf(modus(['xsi:nil="true"', 'xsi:nil="yes"']), 'MOD015')[0]?.messageId).toBe('badNil');
  });

  it('reports an xsi:type that does not fit', () => {
    const xml = modus(['<ValueType>', '<ValueType xsi:type="xs:int">']);
    expect(diagnosticsOf(xml, 'MOD015')[0]?.messageId).toBe('xsiType');
  });
});

describe('MOD016 xml-element-out-of-order', () => {
  it('does not fire on any order inside xs:all groups', () => {
    const xml = modus(['<Element>OM</Element><Value>2.4</Value>', '<Value>2.4</Value><Element>OM</Element>']);
    expect(diagnosticsOf(xml, 'MOD016')).toEqual([]);
  });

  it('reports DepthRefs after the samples that use them', () => {
    const refs = MINIMAL_RESULT.slice(
      MINIMAL_RESULT.indexOf('<DepthRefs>'),
      MINIMAL_RESULT.indexOf('</DepthRefs>') + 12,
    );
    const xml = modus([refs, ''], ['</SoilSample>', `</SoilSample>${refs}`]);
    const [d] = diagnosticsOf(xml, 'MOD016');
    expect(d?.message).toBe('<DepthRefs> must come before <SoilSample> in <Soil>');
    expect(d?.location.range?.start).toEqual(at(xml, '<DepthRefs>'));
  });
});

describe('MOD017 xml-element-repeated', () => {
  it('does not fire on repeatable elements', () => {
    const xml = modus([
      '</NutrientResult>',
      '</NutrientResult><NutrientResult><Element>P</Element><Value>34</Value><ValueUnit>ppm</ValueUnit><ModusTestID>S-P-B1-1:10.01.03</ModusTestID><ValueType>Measured</ValueType><ValueDesc>H</ValueDesc></NutrientResult>',
    ]);
    expect(diagnosticsOf(xml, 'MOD017')).toEqual([]);
  });

  it('reports a second SampleNumber at the second one', () => {
    const xml = modus([
      '<SampleNumber>1</SampleNumber>',
      '<SampleNumber>1</SampleNumber><SampleNumber>2</SampleNumber>',
    ]);
    const [d] = diagnosticsOf(xml, 'MOD017');
    expect(d?.message).toBe('<SampleNumber> appears more than once in <SampleMetaData>');
    expect(d?.location.range?.start).toEqual(at(xml, '<SampleNumber>', 1));
  });

  it('reports a second Depth in a nematode sample (at most one)', () => {
    const nematode =
      '<EventSamples><Nematode><DepthRefs><DepthRef DepthID="1"><Name>a</Name></DepthRef></DepthRefs><NematodeSample><SampleMetaData><SampleNumber>1</SampleNumber></SampleMetaData><Depths><Depth DepthID="1"/><Depth DepthID="1"/></Depths></NematodeSample></Nematode></EventSamples>';
    const start = MINIMAL_RESULT.indexOf('<EventSamples>');
    const end = MINIMAL_RESULT.indexOf('</EventSamples>') + 15;
    const xml = modus([MINIMAL_RESULT.slice(start, end), nematode]);
    const [d] = diagnosticsOf(xml, 'MOD017');
    expect(d?.message).toBe('<Depths> may hold at most 1 <Depth>');
  });
});
