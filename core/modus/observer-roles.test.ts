import { describe, expect, it } from 'vitest';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { ModusRole } from './modus-schema.ts';
import { ModusSchemaValidator, type ModusObserver } from './schema-validator.ts';
import { XmlScanner } from './xml-scanner.ts';

const RESULT = `<ModusResult Version="1.0"><Event>
<EventMetaData><EventCode>E1</EventCode><EventDate>2021-09-24</EventDate><EventType><Soil/></EventType></EventMetaData>
<LabMetaData><LabName>Lab</LabName></LabMetaData><EventSamples><Soil>
<SoilSample><SampleMetaData><SampleNumber>1</SampleNumber></SampleMetaData></SoilSample>
</Soil></EventSamples></Event></ModusResult>`;

function run(observer: ModusObserver): void {
  const schema = new ModusSchemaValidator(new DiagnosticCollector(undefined, {}), [observer]);
  const scanner = new XmlScanner(schema);
  schema.attach(scanner);
  scanner.write(RESULT);
  scanner.end();
}

describe('observer roles', () => {
  it('calls start only for startRoles, and end for every role', () => {
    const starts: ModusRole[] = [];
    const ends: ModusRole[] = [];
    run({
      roles: ['event', 'sample', 'sample-number'],
      startRoles: ['sample'],
      start: (role) => starts.push(role),
      end: (role) => ends.push(role),
    });
    expect(starts).toEqual(['sample']);
    expect(ends).toEqual(['sample-number', 'sample', 'event']);
  });

  it('calls end only for endRoles', () => {
    const ends: ModusRole[] = [];
    run({ roles: ['event', 'sample'], endRoles: ['event'], end: (role) => ends.push(role) });
    expect(ends).toEqual(['event']);
  });

  it('calls start for every role when startRoles is not given', () => {
    const starts: ModusRole[] = [];
    run({ roles: ['event', 'sample'], start: (role) => starts.push(role) });
    expect(starts).toEqual(['event', 'sample']);
  });
});
