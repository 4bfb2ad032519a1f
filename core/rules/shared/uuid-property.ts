import type { Location, TextEdit } from '../../diagnostics/diagnostic.ts';
import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { replaceWithString, type PropertySubject } from '../../json/json-subject-access.ts';
import { canonicalUuid, isUuid } from '../../values/uuid.ts';
import type { RuleContext } from '../rule.ts';

/** The two messages every rule that checks UUID values shares. */
export const UUID_MESSAGES = {
  notString: '{field} must be a UUID string, but this is {kind}',
  notUuid: '{field} "{value}" is not a UUID (8-4-4-4-12 hexadecimal digits)',
} as const;

type UuidMessage = keyof typeof UUID_MESSAGES;

/**
 * Report a UUID value that is not one; a UUID written another common way (braces, urn:uuid:, no hyphens)
 * gets a safe fix through `edit`, when the value can be edited where it is written.
 */
export function reportUuidValue<M extends string>(
  context: RuleContext<M | UuidMessage>,
  field: string,
  value: string,
  location: Location,
  edit: (text: string) => TextEdit | undefined,
  unknownHint: string,
): void {
  if (isUuid(value)) return;
  const canonical = canonicalUuid(value);
  const fixEdit = canonical === undefined ? undefined : edit(canonical);
  context.report({
    messageId: 'notUuid',
    data: { field, value },
    location,
    hint: canonical ? `Write it as ${canonical}.` : unknownHint,
    ...(canonical && fixEdit
      ? {
          fix: {
            safety: 'safe' as const,
            title: `Write the UUID in its standard form: ${canonical}`,
            before: value,
            after: canonical,
            edits: [fixEdit],
          },
        }
      : {}),
  });
}

/** Report a JSON property that should hold a UUID string. */
export function reportUuidProperty<M extends string>(
  context: RuleContext<M | UuidMessage>,
  field: string,
  prop: PropertySubject,
  unknownHint: string,
): void {
  if (prop.node.kind !== 'string') {
    context.report({
      messageId: 'notString',
      data: { field, kind: describeKind(prop.node) },
      location: subjectLocation(prop),
      hint: 'Write the UUID as a string in double quotes.',
    });
    return;
  }
  reportUuidValue(
    context,
    field,
    prop.node.value,
    subjectLocation(prop),
    (t) => replaceWithString(prop, t),
    unknownHint,
  );
}
