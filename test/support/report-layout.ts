/**
 * The JSON report's layout (docs/report-format.md), written out independently of the writer: the document
 * pretty-printed with an indent of 2, except its lists of diagnostics, of a file's features and of its
 * applied and not applied fixes, one item per line, each item on one line.
 */
export type Stringify = (value: unknown, indent: number) => string;

const plain: Stringify = (value, indent) => JSON.stringify(value, null, indent);

export function reportLayout(
  report: { diagnostics: readonly unknown[]; files?: readonly Record<string, unknown>[] } & Record<
    string,
    unknown
  >,
  stringify: Stringify = plain,
): string {
  const slots = new Map<string, string>();
  const slot = (items: readonly unknown[], indent: string): string => {
    const name = `list-slot-${slots.size}-${Math.random().toString(36).slice(2)}`;
    slots.set(
      JSON.stringify(name),
      items.length === 0
        ? '[]'
        : `[\n${items.map((d) => `${indent}  ${stringify(d, 0)}`).join(',\n')}\n${indent}]`,
    );
    return name;
  };
  const skeleton = stringify(
    {
      ...report,
      diagnostics: slot(report.diagnostics, '  '),
      ...(report.files
        ? {
            files: report.files.map((f) => {
              const laid: Record<string, unknown> = Array.isArray(f.features)
                ? { ...f, features: slot(f.features, '      ') }
                : { ...f };
              const fixes = f.fixes as Record<string, unknown> | undefined;
              if (fixes) {
                const lists: Record<string, unknown> = { ...fixes };
                for (const key of ['applied', 'notApplied'])
                  if (Array.isArray(fixes[key])) lists[key] = slot(fixes[key] as unknown[], '        ');
                laid.fixes = lists;
              }
              return laid;
            }),
          }
        : {}),
    },
    2,
  );
  let text = skeleton;
  for (const [name, list] of slots) text = text.replace(name, () => list);
  return text;
}
