import type { RuleMeta } from './rule.ts';
import { zipArchiveRules } from '../archive/zip-rules.ts';
import { rxArchiveRules } from '../rx/member-rules.ts';
import { rxShapefileRules, rxZoneRules } from '../rx/zone-rules.ts';
import { shapefileRules } from '../shapefile/shapefile-rules.ts';
import { jsonReaderRules } from '../json/json-rules.ts';
import { jsonKindRules } from '../formats/json-kind-rules.ts';
import { sampleDateRules } from './sample-date/index.ts';
import { temporalEntityRules } from './temporal-entity/index.ts';
import { enrollmentRules } from './enrollment/index.ts';
import { fieldUploadRules } from './field-upload/index.ts';
import { wktSyntaxRules } from '../geometry/wkt-rules.ts';
import { ogcValidityRules } from '../geometry/validity-rules.ts';
import { wgs84Rules } from '../boundary/wgs84-rules.ts';
import { acreageRules } from '../boundary/acreage-rules.ts';
import { serviceLimitRules } from '../boundary/service-limit-rules.ts';
import { boundaryImportRules } from '../boundary/import-rules.ts';
import { modusSchemaRules } from '../modus/schema-rules.ts';
import { modusSemanticsRules } from '../modus/semantic-rules.ts';
import { modusServiceRules } from '../modus/service-rules.ts';
import { csvBatchRules } from '../csv/csv-rules.ts';
import { crossFileRules } from '../cross-file/cross-file-rules.ts';

/**
 * Every rule Fieldgate has, group by group. Each rule's logic is in one place: either the rule is defined
 * beside the check that reports it, in that folder's `*-rules.ts` (core/geometry/validity-rules.ts), or
 * its own file under core/rules/<group>/ holds its check (core/rules/sample-date/), gathered by its
 * group's index. The meta-test (test/core/registry.test.ts) checks codes are unique, every rule has docs
 * and a test, a rule defined beside a check is used by that check, and a rule file under core/rules/
 * holds its check. The registry sits with the file kinds (test/core/layers.test.ts): it gathers the rule a
 * file kind reports (core/formats/json-kind-rules.ts) too.
 */
export const ruleGroups: ReadonlyArray<{
  group: string;
  title: string;
  rules: ReadonlyArray<{ meta: RuleMeta }>;
}> = [
  { group: 'json', title: 'JSON syntax', rules: [...jsonReaderRules, ...jsonKindRules] },
  {
    group: 'field-upload',
    title: 'Field upload items (FieldsWithBoundaryAndHierarchy)',
    rules: fieldUploadRules,
  },
  { group: 'wkt-syntax', title: 'Field boundary WKT syntax and geometry type', rules: wktSyntaxRules },
  { group: 'ogc-validity', title: 'Field boundary OGC validity (GEOS rules)', rules: ogcValidityRules },
  {
    group: 'wgs84',
    title: 'Field boundary coordinates in WGS 84 (ranges, axes, projections)',
    rules: wgs84Rules,
  },
  { group: 'acreage', title: 'Stated acres against the boundary area', rules: acreageRules },
  {
    group: 'service-limits',
    title: 'Field boundary service limits (points, acres)',
    rules: serviceLimitRules,
  },
  {
    group: 'boundary-import',
    title: 'Boundary imports (GeoJSON, KML, shapefile ZIP)',
    rules: boundaryImportRules,
  },
  { group: 'sample-date', title: 'sampleDate of soil test uploads', rules: sampleDateRules },
  {
    group: 'modus-schema',
    title: 'Modus v1 XML: well-formedness, parser safety, XSD structure',
    rules: modusSchemaRules,
  },
  {
    group: 'modus-semantics',
    title: 'Modus v1 XML: references and values the XSD does not check',
    rules: modusSemanticsRules,
  },
  { group: 'modus-service', title: 'Modus soil test upload: the service’s limits', rules: modusServiceRules },
  { group: 'zip-archive', title: 'ZIP archive safety (any uploaded ZIP)', rules: zipArchiveRules },
  {
    group: 'shapefile',
    title: 'Shapefile structure (.shp, .shx, .dbf; prescriptions and boundaries)',
    rules: shapefileRules,
  },
  { group: 'rx-archive', title: 'Prescription ZIP: members and CRS', rules: rxArchiveRules },
  {
    group: 'rx-shapefile',
    title: 'Prescription shapefile: polygon zones, 2-D, no empty records',
    rules: rxShapefileRules,
  },
  { group: 'rx-zones', title: 'Prescription zones and rates', rules: rxZoneRules },
  { group: 'temporal-entity', title: 'TemporalEntity objects', rules: temporalEntityRules },
  { group: 'enrollment', title: 'Enrollment and experiment requests', rules: enrollmentRules },
  { group: 'csv-batch', title: 'CSV batches: reading, header, columns, cells, rows', rules: csvBatchRules },
  {
    group: 'cross-file',
    title: 'Across the files of a batch: prescriptions, soil samples and fields against the boundaries',
    rules: crossFileRules,
  },
];

export const allRules: readonly RuleMeta[] = ruleGroups.flatMap((g) => g.rules.map((r) => r.meta));

export function findRule(codeOrName: string): RuleMeta | undefined {
  const key = codeOrName.trim();
  return allRules.find((r) => r.code.toUpperCase() === key.toUpperCase() || r.name === key);
}
