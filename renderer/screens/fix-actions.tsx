/**
 * A problem's fix, as a person chooses it: this problem's alone, or every fix of its rule in the batch. A
 * safe fix is made at once (and undone with Undo), and a safe fix of a feature can be drawn over the
 * original on the map first; an unsafe one (a guess) first shows its assumption and, for a feature, the
 * feature before and after drawn together, and is made only when confirmed. The host makes every fix with
 * core's fix loop (`applyFix`), as `fieldgate fix` does.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  findRule,
  formatCount,
  type Diagnostic,
  type FixChoice,
  type Fix,
  type GeoJsonFeature,
} from '../../core/index.ts';
import { fixChoiceOf, useBatch, type FixOutcome, type FixPreview } from '../state/batch.tsx';
import { flatProjection, geometryPath, lonLatBounds } from '../map/projection.ts';

interface Pending {
  /** What is asked: this problem's fix, or every fix of its rule. */
  scope: 'one' | 'rule';
  preview?: FixPreview;
  loading: boolean;
}

export function FixActions({
  fileKey,
  diagnostic: d,
  fix,
  onFixed,
}: {
  fileKey: string;
  /** The problem that carries the fix (a geometry's one fix sits on its first problem). */
  diagnostic: Diagnostic;
  fix: Fix;
  onFixed(outcome: FixOutcome): void;
}) {
  const batch = useBatch();
  const [pending, setPending] = useState<Pending | undefined>();
  const [refused, setRefused] = useState<string | undefined>();
  const rule = findRule(d.code);
  // Files with fixes of this rule and safety, and how many.
  const sameRule = useMemo(() => {
    const byFile = new Map<string, number>();
    for (const p of batch.problems)
      if (p.diagnostic.code === d.code && p.diagnostic.fix?.safety === fix.safety)
        byFile.set(p.fileKey, (byFile.get(p.fileKey) ?? 0) + 1);
    return byFile;
  }, [batch.problems, d.code, fix.safety]);
  const ruleCount = [...sameRule.values()].reduce((a, b) => a + b, 0);
  const ruleName = rule ? `${d.code} (${rule.name})` : d.code;

  async function applyOne(preview?: FixPreview) {
    const outcome = await batch.applyFix(fileKey, fixChoiceOf(d, fix.safety), preview?.answer);
    report(outcome);
  }

  async function applyRule() {
    const all: FixOutcome = { applied: [], unchanged: 0, notApplied: [] };
    for (const key of sameRule.keys()) {
      const choice: FixChoice = { rule: d.code, safety: fix.safety };
      const outcome = await batch.applyFix(key, choice);
      all.applied.push(...outcome.applied);
      all.unchanged += outcome.unchanged;
      all.notApplied!.push(...(outcome.notApplied ?? []));
    }
    report(all);
  }

  function report(outcome: FixOutcome) {
    setPending(undefined);
    setShownOnMap(false);
    setRefused(
      outcome.applied.length === 0 ? (outcome.notApplied?.join('; ') ?? 'nothing was changed') : undefined,
    );
    onFixed(outcome);
  }

  async function ask(scope: Pending['scope']) {
    if (fix.safety === 'safe') {
      await (scope === 'one' ? applyOne() : applyRule());
      return;
    }
    setPending({ scope, loading: scope === 'one' });
    if (scope === 'rule') return;
    const preview = await batch.previewFix(fileKey, fixChoiceOf(d, 'unsafe'), d.location.feature);
    setPending({ scope, preview, loading: false });
    if (preview.after) batch.showFixPreview({ fileKey, after: preview.after });
  }

  // A safe fix of a feature previewed on the map before it is made (an unsafe one is, while it is asked).
  const [shownOnMap, setShownOnMap] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const feature = d.location.feature;
  async function toggleMapPreview() {
    if (shownOnMap) {
      setShownOnMap(false);
      return;
    }
    setPreviewing(true);
    try {
      const preview = await batch.previewFix(fileKey, fixChoiceOf(d, fix.safety), feature);
      if (preview.after) {
        batch.showFixPreview({ fileKey, after: preview.after });
        setShownOnMap(true);
      } else setRefused('problem' in preview.answer ? preview.answer.problem : 'the fix changes no shape');
    } finally {
      setPreviewing(false);
    }
  }

  // The map's preview lasts as long as the question, or until it is hidden again.
  const { showFixPreview } = batch;
  useEffect(() => {
    if (!pending && !shownOnMap) showFixPreview(undefined);
  }, [pending, shownOnMap, showFixPreview]);
  useEffect(() => () => showFixPreview(undefined), [showFixPreview]);

  return (
    <>
      <div className="fix-actions">
        <button type="button" disabled={batch.busy || pending !== undefined} onClick={() => void ask('one')}>
          {fix.safety === 'unsafe' ? 'Apply this fix…' : 'Apply this fix'}
        </button>
        {ruleCount > 1 && (
          <button
            type="button"
            disabled={batch.busy || pending !== undefined}
            onClick={() => void ask('rule')}
          >
            Fix all {formatCount(ruleCount)} {ruleName}
            {fix.safety === 'unsafe' ? '…' : ''}
          </button>
        )}
        {fix.safety === 'safe' && feature !== undefined && (
          <button
            type="button"
            aria-pressed={shownOnMap}
            disabled={batch.busy || previewing}
            onClick={() => void toggleMapPreview()}
          >
            Preview on the map
          </button>
        )}
      </div>
      {refused && <p role="alert">Not fixed: {refused}</p>}
      {pending && (
        <ConfirmUnsafe
          fileKey={fileKey}
          diagnostic={d}
          fix={fix}
          pending={pending}
          count={pending.scope === 'rule' ? ruleCount : 1}
          onConfirm={() => void (pending.scope === 'one' ? applyOne(pending.preview) : applyRule())}
          onCancel={() => setPending(undefined)}
        />
      )}
    </>
  );
}

/** The confirmation of an unsafe fix: its assumption, and the feature before and after, drawn together. */
function ConfirmUnsafe({
  fileKey,
  diagnostic: d,
  fix,
  pending,
  count,
  onConfirm,
  onCancel,
}: {
  fileKey: string;
  diagnostic: Diagnostic;
  fix: Fix;
  pending: Pending;
  count: number;
  onConfirm(): void;
  onCancel(): void;
}) {
  const batch = useBatch();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const file = batch.files.find((f) => f.key === fileKey);
  const before =
    d.location.feature === undefined
      ? undefined
      : file?.result?.features?.find((f) => f.id === d.location.feature);
  const answer = pending.preview?.answer;
  const problem = answer && 'problem' in answer ? answer.problem : undefined;
  const applied = answer && !('problem' in answer) ? answer.applied : [];
  return (
    <div
      className="fix-confirm"
      role="dialog"
      aria-labelledby="fix-confirm-title"
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <h4 id="fix-confirm-title" tabIndex={-1} ref={heading}>
        {count === 1 ? 'Apply an unsafe fix?' : `Apply ${formatCount(count)} unsafe fixes of ${d.code}?`}
      </h4>
      <p>
        The fix: <strong>{fix.title}</strong>. A guess, not a certainty: check the result (Undo takes it
        back).
      </p>
      {pending.loading && <p role="status">Working out the fix…</p>}
      {problem && <p role="alert">It cannot be applied: {problem}</p>}
      {count === 1 && before && pending.preview?.after && (
        <BeforeAfter before={before} after={pending.preview.after} at={d.location.point} />
      )}
      {applied.map((a, i) => (
        <p key={i} className="fix-before-after">
          <code>{a.before}</code> → <code>{a.after}</code>
        </p>
      ))}
      <div className="fix-actions">
        <button type="button" disabled={pending.loading || problem !== undefined} onClick={onConfirm}>
          {count === 1 ? 'Apply this unsafe fix' : `Apply ${formatCount(count)} unsafe fixes`}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The feature as it is (dashed outline, the problem's point marked) over the feature as the fix makes it (filled). */
function BeforeAfter({
  before,
  after,
  at,
}: {
  before: GeoJsonFeature;
  after: GeoJsonFeature;
  /** The problem's point (a crossing): marked. */
  at: [number, number] | undefined;
}) {
  const box = lonLatBounds([before.geometry, after.geometry]);
  if (!box) return null;
  const projection = flatProjection((box[1] + box[3]) / 2);
  const [x0, y1] = projection.project(box[0], box[1]);
  const [x1, y0] = projection.project(box[2], box[3]);
  const pad = Math.max(x1 - x0, y1 - y0, 1e-6) * 0.1;
  const r = Math.max(x1 - x0, y1 - y0, 1e-6) / 40;
  const point = at ? projection.project(at[0], at[1]) : undefined;
  return (
    <figure>
      <svg
        className="fix-preview"
        role="img"
        aria-label="The feature before the fix (dashed) and after it (filled)"
        data-testid="fix-preview"
        viewBox={`${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <path
          className="after"
          d={geometryPath(after.geometry, projection)}
          vectorEffect="non-scaling-stroke"
        />
        <path
          className="before"
          d={geometryPath(before.geometry, projection)}
          vectorEffect="non-scaling-stroke"
        />
        {point && <circle className="problem-point sev-error" cx={point[0]} cy={point[1]} r={r} />}
      </svg>
      <figcaption>Before: dashed outline. After: filled.</figcaption>
    </figure>
  );
}
