import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { useDialogs } from '@cc/ui/dialogs';
import { fileAddress } from '@cc/contracts/addresses';
import { useNavigate } from '@cc/ui/router';
import { gatherBrag, type BragData } from './gather';
import { bragMarkdown } from './markdown';
import { localIsoDate } from '@cc/contracts/periods';
import { PRESET_LABELS, type PeriodPreset } from './period';
import { saveBrag } from './save';
import { usePeriod } from './usePeriod';
import './brag.css';

const Markdown = lazy(() => import('@cc/ui').then((m) => ({ default: m.Markdown })));

/**
 * The brag document (issue 13, docs/about-me.md#brag-document): the statements and the dated evidence of a
 * period, as markdown the user edits here and saves into their workspace.
 */
export default function BragView({ onClose, today }: { onClose(): void; today?: Date }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  // One 'today' for the view's life: the period it computes stays the same object between renders.
  const [now] = useState(() => today ?? new Date());
  const day = useMemo(() => localIsoDate(now), [now]);
  const { preset, setPreset, custom, setCustom, period } = usePeriod(now);
  const queryClient = useQueryClient();
  // The document of a period, made from the reads it needs; made again for each period (and each opening).
  const gathered = useQuery({
    queryKey: ['brag document', period, day],
    queryFn: ({ signal }) => gatherBrag(queryClient, period!, day, signal),
    enabled: period !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [text, setText] = useState('');
  const [edited, setEdited] = useState(false);
  const [saving, setSaving] = useState(false);
  // A new document replaces the text (the user agreed to lose their edits when they changed the period).
  const [madeFrom, setMadeFrom] = useState<BragData | null>(null);
  if (gathered.data && gathered.data !== madeFrom) {
    setMadeFrom(gathered.data);
    setText(bragMarkdown(gathered.data));
    setEdited(false);
  }
  const gathering = !period ? 'idle' : gathered.data ? 'ok' : gathered.isFetching ? 'loading' : gathered.isError ? 'error' : 'idle';

  // A new period makes a new document: the user's edits go only when they say so.
  const keepEdits = async () =>
    edited &&
    !(await dialogs.confirm({
      title: 'Change the period',
      message: 'A new period makes a new document and your edits are lost. Change it?',
      confirmLabel: 'Change period',
      cancelLabel: 'Keep my edits',
    }));
  const choose = async (next: PeriodPreset) => {
    if (next !== preset && !(await keepEdits())) setPreset(next);
  };
  const changeCustom = async (end: 'from' | 'to', value: string) => {
    if (!(await keepEdits())) setCustom((c) => ({ ...c, [end]: value }));
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveBrag(queryClient, text, day);
      // The saved file's address: the dashboard opens it (and a reload or Back finds it again).
      void navigate(fileAddress(saved.folder, saved.fileName));
    } catch (error) {
      setSaving(false);
      await dialogs.alert({
        title: 'Brag document not saved',
        message: `Could not save the brag document: ${errorMessage(error) || 'Unknown error'}`,
      });
    }
  };

  return (
    <section className="brag" aria-labelledby="brag-title" data-testid="brag-view">
      <header className="brag-head">
        <h3 id="brag-title">Brag document</h3>
        <button type="button" className="button button-small" onClick={onClose}>
          Close
        </button>
      </header>
      <fieldset className="brag-period">
        <legend>Period</legend>
        {(Object.keys(PRESET_LABELS) as PeriodPreset[]).map((p) => (
          <label key={p}>
            <input type="radio" name="brag-period" value={p} checked={preset === p} onChange={() => void choose(p)} /> {PRESET_LABELS[p]}
          </label>
        ))}
        {preset === 'custom' && (
          <span className="brag-custom">
            <label>
              From <input type="date" value={custom.from} max={custom.to} onChange={(e) => void changeCustom('from', e.target.value)} />
            </label>
            <label>
              To <input type="date" value={custom.to} min={custom.from} onChange={(e) => void changeCustom('to', e.target.value)} />
            </label>
          </span>
        )}
      </fieldset>
      {!period && <p role="alert">Choose a start day on or before the end day.</p>}
      {gathering === 'loading' && (
        <p role="status">
          <span className="spinner spinner-inline" aria-hidden="true" /> Gathering your evidence…
        </p>
      )}
      {gathering === 'error' && (
        <p className="aboutme-error" role="alert">
          Could not make the brag document: {errorMessage(gathered.error) || 'Unknown error'}{' '}
          <button type="button" className="button button-small" onClick={() => void gathered.refetch()}>
            Retry
          </button>
        </p>
      )}
      {gathering === 'ok' && (
        <div className="brag-body">
          <label className="brag-edit">
            <span>Markdown (edit before saving)</span>
            <textarea
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setEdited(true);
              }}
              rows={18}
              data-testid="brag-text"
            />
          </label>
          <div className="brag-preview" aria-label="Preview" role="region" data-testid="brag-preview">
            <Suspense fallback={<pre>{text}</pre>}>
              <Markdown text={text} />
            </Suspense>
          </div>
          <div className="brag-actions">
            <button type="button" className="button" onClick={() => void save()} disabled={saving || !text.trim()} data-testid="brag-save">
              {saving ? 'Saving…' : 'Save to workspace'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
