/**
 * The structure of Modus v1 (ModusResult and ModusSubmit), encoded in our own terms from reading the
 * published XSDs (modus_global.xsd, modus_result.xsd, modus_submit.xsd): which elements and attributes
 * exist where, how often, in which order, and with which value types. The XSD files themselves are not
 * part of the project; tests compare this encoding with xmllint run on them.
 *
 * Where libxml2 (the reference validator) departs from the XSD text we follow libxml2, so that
 * `--select modus-schema` agrees with `xmllint --schema`: a choice branch declared with maxOccurs="0"
 * (Water, Residue) is accepted as an optional branch, which also makes EventSamples and EventType emptiable.
 */
import { simpleType, type SimpleType } from './xsd-values.ts';

/** Elements other checks (semantics, service limits, summary) listen to. */
export const MODUS_ROLES = [
  'root',
  'event',
  'event-code',
  'event-date',
  'event-type-kind',
  'event-samples-kind',
  'lab-name',
  'lab-id',
  'lab-event-id',
  'depth-refs',
  'depth-ref',
  'depth-ref-name',
  'starting-depth',
  'ending-depth',
  'column-depth',
  'depth-unit',
  'sample',
  'sample-number',
  'fmis-sample-id',
  'overwrite-result',
  'geometry',
  'depth',
  'results',
  'nutrient-result',
  'result-element',
  'result-value',
  'result-unit',
  'result-test-id',
] as const;

export type ModusRole = (typeof MODUS_ROLES)[number];

type ContentKind = 'sequence' | 'all' | 'choice' | 'simple' | 'empty' | 'any';

interface AttributeDecl {
  name: string;
  type: SimpleType;
  required: boolean;
}

interface UniqueDecl {
  /** The constraint's name in the XSD, for messages. */
  name: string;
  /** Child element the constraint selects. */
  selector: string;
  /** The selected element's attribute or child element that must be unique. */
  field: { attribute: string; type: SimpleType } | { element: string; type: SimpleType };
}

export interface TypeDecl {
  /** Index of element-only types (sequence, all, choice) in declaration order; -1 for the others. */
  id: number;
  kind: ContentKind;
  particles: readonly ElementDecl[];
  /** particle index by element name. */
  childIndex: ReadonlyMap<string, number>;
  attributes: readonly AttributeDecl[];
  simple?: SimpleType;
  uniques?: readonly UniqueDecl[];
}

export interface ElementDecl {
  name: string;
  type: TypeDecl;
  min: number;
  /** Infinity for unbounded. */
  max: number;
  nillable: boolean;
  /** Value used when the element is empty. */
  default?: string;
  role?: ModusRole;
  /** Index of the role in MODUS_ROLES, -1 without a role (for fast dispatch). */
  roleId: number;
}

export interface ModusSchema {
  root: ElementDecl;
  /** Global element declarations, used for lax validation inside elements of type xs:anyType. */
  globals: ReadonlyMap<string, ElementDecl>;
}

// ---- builders ----

let groupCount = 0;

interface ElementOptions {
  min?: number;
  max?: number;
  nillable?: boolean;
  default?: string;
  role?: ModusRole;
}

function element(name: string, type: TypeDecl, options: ElementOptions = {}): ElementDecl {
  // Every declaration gets the same properties, so code reading them stays monomorphic.
  return {
    name,
    type,
    min: options.min ?? 1,
    max: options.max ?? 1,
    nillable: options.nillable ?? false,
    default: options.default,
    role: options.role,
    roleId: options.role !== undefined ? MODUS_ROLES.indexOf(options.role) : -1,
  };
}

/** A reference to a global element, with its own occurrence bounds. */
function ref(global: ElementDecl, options: ElementOptions = {}): ElementDecl {
  const base: ElementOptions = { nillable: global.nillable };
  if (global.default !== undefined) base.default = global.default;
  if (global.role !== undefined) base.role = global.role;
  return element(global.name, global.type, { ...base, ...options });
}

function group(
  kind: 'sequence' | 'all' | 'choice',
  particles: ElementDecl[],
  attributes: AttributeDecl[] = [],
  uniques?: UniqueDecl[],
): TypeDecl {
  const childIndex = new Map<string, number>();
  particles.forEach((p, i) => childIndex.set(p.name, i));
  return { id: groupCount++, kind, particles, childIndex, attributes, simple: undefined, uniques };
}

const sequence = (p: ElementDecl[], a?: AttributeDecl[], u?: UniqueDecl[]): TypeDecl =>
  group('sequence', p, a, u);
const all = (p: ElementDecl[], a?: AttributeDecl[], u?: UniqueDecl[]): TypeDecl => group('all', p, a, u);
const choice = (p: ElementDecl[], a?: AttributeDecl[]): TypeDecl => group('choice', p, a);

function simple(type: SimpleType, attributes: AttributeDecl[] = []): TypeDecl {
  return {
    id: -1,
    kind: 'simple',
    particles: [],
    childIndex: new Map(),
    attributes,
    simple: type,
    uniques: undefined,
  };
}

function empty(attributes: AttributeDecl[]): TypeDecl {
  return {
    id: -1,
    kind: 'empty',
    particles: [],
    childIndex: new Map(),
    attributes,
    simple: undefined,
    uniques: undefined,
  };
}

/** xs:anyType: any attributes, any content; children matching a global element are checked (lax). */
const anyType: TypeDecl = {
  id: -1,
  kind: 'any',
  particles: [],
  childIndex: new Map(),
  attributes: [],
  simple: undefined,
  uniques: undefined,
};

function attribute(name: string, type: SimpleType, required = false): AttributeDecl {
  return { name, type, required };
}

// ---- simple types ----

const xsString: SimpleType = simpleType('string');
const nonEmptyString: SimpleType = simpleType('string', { minLength: 1 });
const xsDate: SimpleType = simpleType('date');
const xsDateTime: SimpleType = simpleType('dateTime');
const xsFloat: SimpleType = simpleType('float');
const nonNegativeFloat: SimpleType = simpleType('float', { minInclusive: 0 });
const xsInt: SimpleType = simpleType('int');
const positiveInteger: SimpleType = simpleType('positiveInteger');
const nonNegativeInteger: SimpleType = simpleType('nonNegativeInteger');
const xsBoolean: SimpleType = simpleType('boolean');
const base64: SimpleType = simpleType('base64Binary');
const anySimple: SimpleType = simpleType('anySimpleType');

const VALUE_TYPES = ['Measured', 'Percent', 'Calculated', 'Index'] as const;
const valueType: SimpleType = simpleType('string', { minLength: 1, enumeration: VALUE_TYPES });
const VALUE_DESC_BASE = ['Very Low', 'Low', 'Medium', 'Optimum', 'Very High', 'VL', 'L', 'M', 'O', 'VH'];
const nutrientValueDesc: SimpleType = simpleType('string', {
  enumeration: [...VALUE_DESC_BASE, 'High', 'H'],
});
const nematodeValueDesc: SimpleType = simpleType('string', { enumeration: VALUE_DESC_BASE });
const lifeStage: SimpleType = simpleType('string', { enumeration: ['Egg', 'Juvenile', 'Adult', 'Dead', ''] });

const text = (name: string, type: SimpleType = xsString, options?: ElementOptions): ElementDecl =>
  element(name, simple(type), options);
const optional = { min: 0 };
const many = { max: Infinity };

// ---- modus_global.xsd ----

const equation = element(
  'Equation',
  all(
    [text('Name'), text('Version', xsString, optional), text('Default', xsBoolean, optional)],
    [attribute('ID', xsString)],
  ),
);

const idText = (name: string): ElementDecl =>
  element(name, simple(xsString, [attribute('ID', xsString)]), optional);
const fmisProfile = element(
  'FMISProfile',
  sequence([idText('Grower'), idText('Farm'), idText('Field'), idText('Sub-Field')]),
);

const fmisMetaData = element(
  'FMISMetaData',
  all([
    text('FMISEventID', xsString, optional),
    ref(fmisProfile, optional),
    element(
      'FMISAllowedLabEquations',
      sequence(
        [ref(equation, many)],
        [],
        [{ name: 'uniqueEquationId', selector: 'Equation', field: { attribute: 'ID', type: xsString } }],
      ),
      optional,
    ),
  ]),
);

const testPackageRefs = element(
  'TestPackageRefs',
  sequence(
    [
      element(
        'TestPackageRef',
        all([text('Name'), text('LabBillingCode', xsString, optional)], [attribute('TestPackageID', xsInt)]),
        many,
      ),
    ],
    [],
    [
      {
        name: 'UniquePackageID',
        selector: 'TestPackageRef',
        field: { attribute: 'TestPackageID', type: xsInt },
      },
    ],
  ),
);

const labMetaData = element(
  'LabMetaData',
  all([
    text('LabName', xsString, { role: 'lab-name' }),
    text('LabID', xsString, { min: 0, role: 'lab-id' }),
    text('LabEventID', xsString, { min: 0, role: 'lab-event-id' }),
    element('Contact', all([text('Name'), text('PhoneNumber'), text('Address')]), optional),
    ref(testPackageRefs, optional),
    text('ReceivedDate', xsDateTime, optional),
    text('ProcessedDate', xsDateTime, optional),
    element(
      'Reports',
      sequence(
        [
          element(
            'Report',
            all(
              [
                text('LabReportID', xsString, optional),
                text('FileDescription', xsString, optional),
                element(
                  'File',
                  choice([
                    element('URL', sequence([text('FileName'), text('Path')]), optional),
                    element('FileData', sequence([text('FileName'), text('FileData', base64)]), optional),
                  ]),
                ),
              ],
              [attribute('ReportID', positiveInteger)],
            ),
            many,
          ),
        ],
        [],
        [
          {
            name: 'uniqueReportID',
            selector: 'Report',
            field: { attribute: 'ReportID', type: positiveInteger },
          },
        ],
      ),
      optional,
    ),
    element(
      'ClientAccount',
      all([
        text('AccountNumber'),
        text('Name', xsString, optional),
        text('Company', xsString, optional),
        text('City', xsString, optional),
        text('State', xsString, optional),
      ]),
      optional,
    ),
  ]),
);

const warnings = element(
  'Warnings',
  sequence([
    element(
      'warning',
      all([text('warning_number', xsInt, optional), element('message', anyType, optional)]),
      many,
    ),
  ]),
);

const results = { role: 'results' as const };

const nutrientResults = element(
  'NutrientResults',
  sequence([
    element(
      'NutrientResult',
      all([
        text('Element', nonEmptyString, { role: 'result-element' }),
        text('Value', nonNegativeFloat, { role: 'result-value' }),
        text('ValueUnit', nonEmptyString, { role: 'result-unit' }),
        text('ModusTestID', nonEmptyString, { role: 'result-test-id' }),
        text('ValueType', valueType),
        text('ValueDesc', nutrientValueDesc, { nillable: true }),
      ]),
      { max: Infinity, role: 'nutrient-result' },
    ),
  ]),
  results,
);

const nutrientRecommendations = element(
  'NutrientRecommendations',
  sequence([
    element(
      'NutrientRecommendation',
      sequence(
        [
          element(
            'Recommendation',
            all([
              text('Element', nonEmptyString),
              text('Value', nonNegativeFloat),
              text('ValueUnit', nonEmptyString),
            ]),
            many,
          ),
        ],
        [attribute('RecID', positiveInteger, true)],
        [
          {
            name: 'UniqueNutrientRecommendationElement',
            selector: 'Recommendation',
            field: { element: 'Element', type: nonEmptyString },
          },
        ],
      ),
      many,
    ),
  ]),
);

const nematodeResults = element(
  'NematodeResults',
  sequence(
    [
      element(
        'NematodeResult',
        all([
          text('Pest'),
          text('ModusTestID'),
          text('Value', nonNegativeFloat),
          text('ValueUnit', nonEmptyString),
          text('ValueType', valueType),
          text('ValueDesc', nematodeValueDesc, { nillable: true }),
          element(
            'LifeStageValues',
            sequence(
              [
                element(
                  'LifeStageValue',
                  all([
                    text('LifeStage', lifeStage),
                    element('Value', anyType),
                    text('ValueUnit', nonEmptyString),
                    text('ValueType', valueType),
                    text('ValueDesc', nematodeValueDesc),
                  ]),
                  many,
                ),
              ],
              [],
              [
                {
                  name: 'NematodeLifeStage',
                  selector: 'LifeStageValue',
                  field: { element: 'LifeStage', type: lifeStage },
                },
              ],
            ),
            optional,
          ),
        ]),
        many,
      ),
    ],
    [],
    [
      {
        name: 'UniqueNematodePest',
        selector: 'NematodeResult',
        field: { element: 'ModusTestID', type: xsString },
      },
    ],
  ),
  results,
);

const residueResults = element(
  'ResidueResults',
  sequence([
    element(
      'ResidueResult',
      all([
        text('CASRN', simpleType('string', { minLength: 1, maxLength: 50 })),
        text('Value', nonNegativeFloat),
        text('ValueUnit', nonEmptyString),
        text('ValueType', nonEmptyString),
        text('ValueDesc'),
      ]),
      many,
    ),
  ]),
  results,
);

const comments = text('Comments');

const textureResults = element(
  'TextureResults',
  sequence([
    element(
      'TextureResult',
      all([
        text('SoilClassification'),
        text('PercentClay', xsFloat),
        text('PercentSilt', xsFloat),
        text('PercentSand', xsFloat),
        element('Density', all([text('Value', xsFloat), text('Unit')]), optional),
      ]),
    ),
  ]),
  results,
);

const sensorResults = element(
  'SensorResults',
  sequence([
    element(
      'SensorResult',
      all([text('ValueDesc'), text('ValueUnit', nonEmptyString), text('Value', nonNegativeFloat)]),
      many,
    ),
  ]),
);

const crop = element(
  'Crop',
  all([
    text('Name'),
    text('ClientID', xsString, optional),
    element('GrowthStage', all([text('Name'), text('ClientID', xsString, optional)]), optional),
    element('SubGrowthStage', all([text('Name'), text('ClientID', xsString, optional)]), optional),
  ]),
);

const kind = { role: 'event-type-kind' as const };
const eventType = element(
  'EventType',
  choice([
    element('Soil', anyType, kind),
    element('Plant', all([element('PlantPart', anyType), ref(crop)]), kind),
    element('Nematode', anyType, kind),
    element('Water', anyType, { min: 0, role: 'event-type-kind' }),
    element('Residue', anyType, { min: 0, role: 'event-type-kind' }),
  ]),
);

const geometry = (): ElementDecl =>
  element('Geometry', simple(xsString, [attribute('epsg', xsInt)]), { min: 0, role: 'geometry' });

const sampleMetaData = element(
  'SampleMetaData',
  all([
    text('SampleNumber', xsString, { role: 'sample-number' }),
    text('FMISSampleID', xsString, { min: 0, nillable: true, role: 'fmis-sample-id' }),
    text('SampleContainerID', xsString, optional),
    text('SampleGroupID', positiveInteger, optional),
    text('ReportID', positiveInteger, optional),
    text('OverwriteResult', xsBoolean, { min: 0, default: 'false', role: 'overwrite-result' }),
    geometry(),
    element(
      'SubSamples',
      sequence([
        element(
          'SubSample',
          all([
            text('SubSampleNumber', nonNegativeInteger),
            text('SubSampleID', xsString, { min: 0, nillable: true }),
            geometry(),
          ]),
          many,
        ),
      ]),
      optional,
    ),
    element(
      'TestPackages',
      sequence(
        [element('TestPackage', empty([attribute('TestPackageID', anySimple)]), many)],
        [],
        [
          {
            name: 'SampleTestPackage',
            selector: 'TestPackage',
            field: { attribute: 'TestPackageID', type: anySimple },
          },
        ],
      ),
      optional,
    ),
  ]),
);

const depthRefs = element(
  'DepthRefs',
  sequence(
    [
      element(
        'DepthRef',
        all(
          [
            text('Name', nonEmptyString, { role: 'depth-ref-name' }),
            text('StartingDepth', nonNegativeInteger, { min: 0, role: 'starting-depth' }),
            text('EndingDepth', nonNegativeInteger, { min: 0, role: 'ending-depth' }),
            text('ColumnDepth', positiveInteger, { min: 0, role: 'column-depth' }),
            text('DepthUnit', xsString, { min: 0, role: 'depth-unit' }),
          ],
          [attribute('DepthID', positiveInteger, true)],
        ),
        { max: Infinity, role: 'depth-ref' },
      ),
    ],
    [],
    [{ name: 'uniqueDepthId', selector: 'DepthRef', field: { attribute: 'DepthID', type: positiveInteger } }],
  ),
  { role: 'depth-refs' },
);

const variables = (unique: boolean): ElementDecl =>
  element(
    'Variables',
    sequence(
      [element('Variable', all([text('Name'), text('Value'), text('Unit')]), many)],
      [],
      unique
        ? [{ name: 'UniqueVariableName', selector: 'Variable', field: { element: 'Name', type: xsString } }]
        : undefined,
    ),
    optional,
  );

const recommendation = element(
  'Recommendation',
  all(
    [
      text('Name'),
      variables(false),
      ref(equation, optional),
      text('DisplayOrder', positiveInteger, optional),
      text('ExpirationDate', xsDate, optional),
    ],
    [attribute('RecID', positiveInteger, true)],
  ),
);

const recommendationRefs = element(
  'RecommendationRefs',
  sequence(
    [ref(recommendation, many)],
    [],
    [
      {
        name: 'uniqueRecID',
        selector: 'Recommendation',
        field: { attribute: 'RecID', type: positiveInteger },
      },
      {
        name: 'uniqueDisplayOrder',
        selector: 'Recommendation',
        field: { element: 'DisplayOrder', type: positiveInteger },
      },
    ],
  ),
);

const recommendationRequests = element(
  'RecommendationRequests',
  sequence(
    [ref(recommendation, many)],
    [],
    [
      {
        name: 'uniqueRecommendationID',
        selector: 'Recommendation',
        field: { attribute: 'RecID', type: positiveInteger },
      },
    ],
  ),
);

const siteAttributes = element(
  'SiteAttributes',
  all([
    text('Tillage', xsString, optional),
    text('Irrigated', xsBoolean, optional),
    text('Tilled', xsBoolean, optional),
    text('PrevCrop', xsString, optional),
    variables(true),
  ]),
);

const eventMetaData = element(
  'EventMetaData',
  all([
    text('EventCode', xsString, { role: 'event-code' }),
    text('EventDate', xsDate, { role: 'event-date' }),
    ref(eventType),
    text('EventExpirationDate', xsDate, optional),
  ]),
);

const submissionAttributes = element(
  'SubmissionAttributes',
  all([
    text('SubmittedBy', xsString, optional),
    text('SubmittedFor', xsString, optional),
    ref(siteAttributes, optional),
    ref(recommendationRequests, optional),
  ]),
);

// ---- the sample containers shared by both documents ----

const samples = { max: Infinity, role: 'sample' as const };
const samplesKind = { role: 'event-samples-kind' as const };
const optionalSamplesKind = { min: 0, role: 'event-samples-kind' as const };

const waterSamples = (): ElementDecl =>
  element(
    'Water',
    sequence([
      element(
        'WaterSample',
        all([
          ref(sampleMetaData),
          text('Source', xsString, optional),
          ref(nutrientResults, optional),
          ref(comments, optional),
        ]),
        samples,
      ),
    ]),
    optionalSamplesKind,
  );

const residueSamples = (): ElementDecl =>
  element(
    'Residue',
    sequence([
      element(
        'ResidueSample',
        all([ref(sampleMetaData), ref(residueResults, optional), ref(comments, optional)]),
        samples,
      ),
    ]),
    optionalSamplesKind,
  );

// ---- modus_submit.xsd ----

const depthIdRequired = attribute('DepthID', positiveInteger, true);

const modusSubmit = element(
  'ModusSubmit',
  sequence(
    [
      element(
        'Event',
        all([
          ref(eventMetaData),
          ref(fmisMetaData, optional),
          ref(labMetaData),
          ref(submissionAttributes),
          element(
            'EventSamples',
            choice([
              element(
                'Soil',
                sequence([
                  ref(depthRefs),
                  element(
                    'SoilSample',
                    all([
                      ref(sampleMetaData),
                      element(
                        'Depths',
                        sequence([
                          element('Depth', empty([depthIdRequired]), { max: Infinity, role: 'depth' }),
                        ]),
                      ),
                      ref(comments, optional),
                    ]),
                    samples,
                  ),
                ]),
                samplesKind,
              ),
              element(
                'Plant',
                sequence([
                  element('PlantSample', all([ref(sampleMetaData), ref(comments, optional)]), samples),
                ]),
                samplesKind,
              ),
              element(
                'Nematode',
                sequence([
                  ref(depthRefs),
                  element(
                    'NematodeSample',
                    all([
                      ref(sampleMetaData),
                      element(
                        'Depths',
                        sequence([element('Depth', empty([depthIdRequired]), { role: 'depth' })]),
                      ),
                      ref(comments, optional),
                    ]),
                    samples,
                  ),
                ]),
                samplesKind,
              ),
              waterSamples(),
              residueSamples(),
            ]),
          ),
          text('Comments', xsString, optional),
        ]),
        { role: 'event' },
      ),
    ],
    [attribute('Version', xsString)],
  ),
  { role: 'root' },
);

// ---- modus_result.xsd ----

const modusResult = element(
  'ModusResult',
  sequence(
    [
      element(
        'Event',
        all([
          element(
            'EventMetaData',
            all([
              text('EventCode', xsString, { nillable: true, role: 'event-code' }),
              text('EventDate', xsDate, { min: 0, role: 'event-date' }),
              ref(eventType),
              text('EventExpirationDate', xsDate, optional),
            ]),
          ),
          ref(labMetaData),
          ref(fmisMetaData, optional),
          element(
            'EventSamples',
            choice([
              element(
                'Soil',
                sequence([
                  ref(depthRefs),
                  ref(recommendationRefs, optional),
                  element(
                    'SoilSample',
                    all([
                      ref(sampleMetaData),
                      element(
                        'Depths',
                        sequence([
                          element(
                            'Depth',
                            all(
                              [ref(nutrientResults, optional), ref(textureResults, optional)],
                              [attribute('DepthID', positiveInteger, true)],
                            ),
                            { max: Infinity, role: 'depth' },
                          ),
                        ]),
                      ),
                      ref(nutrientRecommendations, optional),
                      ref(comments, optional),
                    ]),
                    samples,
                  ),
                ]),
                samplesKind,
              ),
              element(
                'Plant',
                sequence([
                  ref(recommendationRefs, optional),
                  element(
                    'PlantSample',
                    all([
                      ref(sampleMetaData),
                      ref(nutrientResults, optional),
                      ref(nutrientRecommendations, optional),
                      ref(comments, optional),
                    ]),
                    samples,
                  ),
                ]),
                samplesKind,
              ),
              element(
                'Nematode',
                sequence([
                  ref(depthRefs),
                  element(
                    'NematodeSample',
                    all([
                      ref(sampleMetaData),
                      element(
                        'Depths',
                        sequence([
                          element(
                            'Depth',
                            all([ref(nematodeResults, optional)], [attribute('DepthID', positiveInteger)]),
                            {
                              role: 'depth',
                            },
                          ),
                        ]),
                      ),
                      ref(comments, optional),
                    ]),
                    samples,
                  ),
                ]),
                samplesKind,
              ),
              waterSamples(),
              residueSamples(),
            ]),
          ),
          text('Comments', xsString, optional),
          ref(modusSubmit, optional),
        ]),
        { max: Infinity, role: 'event' },
      ),
    ],
    [attribute('Version', xsString)],
  ),
  { role: 'root' },
);

const globalElements = [
  fmisMetaData,
  labMetaData,
  testPackageRefs,
  warnings,
  nutrientResults,
  nutrientRecommendations,
  nematodeResults,
  residueResults,
  comments,
  textureResults,
  sensorResults,
  eventType,
  sampleMetaData,
  depthRefs,
  recommendationRefs,
  recommendationRequests,
  crop,
  siteAttributes,
  eventMetaData,
  equation,
  fmisProfile,
  submissionAttributes,
  recommendation,
];

function globalsOf(extra: ElementDecl[]): ReadonlyMap<string, ElementDecl> {
  return new Map([...globalElements, ...extra].map((d) => [d.name, d]));
}

/** ModusResult, as modus_result.xsd declares it (the result schema includes the submit schema). */
export const modusResultSchema: ModusSchema = {
  root: modusResult,
  globals: globalsOf([modusSubmit, modusResult]),
};

/** ModusSubmit, as modus_submit.xsd declares it. */
export const modusSubmitSchema: ModusSchema = { root: modusSubmit, globals: globalsOf([modusSubmit]) };

export function schemaForRoot(name: string): ModusSchema | undefined {
  if (name === 'ModusResult') return modusResultSchema;
  if (name === 'ModusSubmit') return modusSubmitSchema;
  return undefined;
}
