/**
 * Small Modus documents for rule tests: one valid ModusResult (valid for every rule group), edited by
 * literal replacements, and helpers to find where a piece of text is.
 */
import type { Diagnostic, TextPosition } from '../../core/diagnostics/diagnostic.ts';
import { LineIndex } from '../../core/diagnostics/text-position.ts';
import { validateModus, type ModusValidationOptions } from '../../core/modus/validate-modus.ts';
import { corpusPath } from '../support/corpus.ts';

export const MINIMAL_RESULT = `<?xml version="1.0" encoding="UTF-8"?>
<ModusResult Version="1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<Event>
<EventMetaData><EventCode>E1</EventCode><EventDate>2021-09-24</EventDate><EventType><Soil/></EventType></EventMetaData>
<LabMetaData><LabName>A &amp; L Great Lakes Laboratories</LabName></LabMetaData>
<EventSamples><Soil>
<DepthRefs><DepthRef DepthID="1"><Name>0 - 8 in</Name><StartingDepth>0</StartingDepth><EndingDepth>8</EndingDepth><ColumnDepth>8</ColumnDepth><DepthUnit>inches</DepthUnit></DepthRef></DepthRefs>
<SoilSample><SampleMetaData><SampleNumber>1</SampleNumber></SampleMetaData><Depths><Depth DepthID="1"><NutrientResults>
<NutrientResult><Element>OM</Element><Value>2.4</Value><ValueUnit>percent</ValueUnit><ModusTestID>S-SOM-LOI.15</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/></NutrientResult>
</NutrientResults></Depth></Depths></SoilSample>
</Soil></EventSamples>
</Event>
</ModusResult>
`;

/** MINIMAL_RESULT with literal replacements applied in order; a search text that is absent is a test bug. */
export function modus(...replacements: Array<[string, string]>): string {
  let xml = MINIMAL_RESULT;
  for (const [from, to] of replacements) {
    if (!xml.includes(from)) throw new Error(`test document has no ${JSON.stringify(from)}`);
    xml = xml.replace(from, to);
  }
  return xml;
}

/** The diagnostics of one rule (selected alone, so other rules cannot interfere). */
export function diagnosticsOf(
  xml: string | Uint8Array,
  code: string,
  options: ModusValidationOptions = {},
): Diagnostic[] {
  return validateModus(xml, { ...options, selection: { select: [code] } }).diagnostics.filter(
    (d) => d.code === code,
  );
}

/** Position of the nth occurrence of `needle` (plus `delta` characters). */
export function at(xml: string, needle: string, nth = 0, delta = 0): TextPosition {
  let offset = -1;
  for (let i = 0; i <= nth; i++) {
    offset = xml.indexOf(needle, offset + 1);
    if (offset === -1) throw new Error(`${JSON.stringify(needle)} occurs fewer than ${nth + 1} times`);
  }
  return new LineIndex(xml).position(offset + delta);
}

export const corpusFile = corpusPath;

export const LAB_MODUS = corpusFile(
  'oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/lab-modus.xml',
);
export const HAND_MODUS = corpusFile(
  'oats-center-modus/examples/examples/enyart-east50-a_l_labs/soil/hand-modus.xml',
);
export const AL_RESULT = corpusFile(
  'oats-center-modus/examples/examples/a_l_great_lakes/soil/MODUS_RESULT_SOIL_DATA_EXAMPLE.xml',
);
export const AL_SUBMIT = corpusFile(
  'oats-center-modus/examples/examples/a_l_great_lakes/soil/MODUS_SUBMIT_SOIL_EXAMPLE.xml',
);
export const AL_PLANT_RESULT = corpusFile(
  'oats-center-modus/examples/examples/a_l_great_lakes/plant/MODUS_RESULT_PLANT_DATA_EXAMPLE.xml',
);
export const AL_PLANT_SUBMIT = corpusFile(
  'oats-center-modus/examples/examples/a_l_great_lakes/plant/MODUS_SUBMIT_PLANT_FILE_EXAMPLE.xml',
);
export const SEMIOS_EXAMPLE = corpusFile('semiosBIO-modus-integration/example_modus_result.xml');

export const CORPUS_MODUS_FILES = [
  LAB_MODUS,
  HAND_MODUS,
  AL_RESULT,
  AL_SUBMIT,
  AL_PLANT_RESULT,
  AL_PLANT_SUBMIT,
  SEMIOS_EXAMPLE,
];
