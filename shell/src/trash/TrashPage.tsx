import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';
import type { TrashAnswer, TrashItem, TrashRestoreAnswer } from '@cc/contracts';
import { daysUntil, formatDateTime, timeAgo } from '@cc/contracts/dates';
import { TRASH_DAYS, TRASH_KIND_LABELS } from '@cc/contracts/trash-rules';
import { DialogProvider, useDialogs } from '@cc/ui/dialogs';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { TRASH_TEXT, partialNotice } from './messages';
import './trash.css';

type Restored = TrashRestoreAnswer['restored'];
const keyOf = (item: Pick<TrashItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/**
 * /trash, from the user menu: everything deleted in the last 30 days, newest first
 * (docs/trash.md#the-trash-page). A restored row stays, with a link that opens the object: a
 * full page load, so the remote that shows it reads it afresh.
 */
export default function TrashPage() {
  useDocumentTitle('Trash');
  return (
    <DialogProvider>
      <TrashContent />
    </DialogProvider>
  );
}

function TrashContent() {
  const titleId = useId();
  const queries = useQueryClient();
  const dialogs = useDialogs();
  const trash = useQuery({ ...routeQuery('GET /trash'), staleTime: 0, refetchOnWindowFocus: false });
  const [restored, setRestored] = useState<Record<string, Restored>>({});
  const [emptying, setEmptying] = useState(false);
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const [emptyPartial, setEmptyPartial] = useState<TrashAnswer['partial']>([]);

  const items = trash.data?.items ?? [];
  const waiting = items.filter((item) => !restored[keyOf(item)]);

  async function emptyTrash() {
    const sure = await dialogs.confirm({
      title: TRASH_TEXT.emptyTitle,
      message: TRASH_TEXT.emptyQuestion(waiting.length),
      confirmLabel: TRASH_TEXT.emptyConfirm,
      danger: true,
    });
    if (!sure) return;
    setEmptying(true);
    setEmptyError(null);
    try {
      const answer = await api.call('DELETE /trash');
      setEmptyPartial(answer.partial);
      setRestored({});
      await invalidateRoutes(queries, 'GET /trash');
    } catch (error) {
      setEmptyError(errorText(error, { prefix: TRASH_TEXT.emptyFailed }));
    } finally {
      setEmptying(false);
    }
  }

  return (
    <section className="page trash-page" aria-labelledby={titleId}>
      <div className="trash-head">
        <div>
          <h1 id={titleId}>Trash</h1>
          <p className="page-lead">{TRASH_TEXT.lead(TRASH_DAYS)}</p>
        </div>
        {waiting.length > 0 && (
          <button type="button" className="button trash-empty" onClick={() => void emptyTrash()} disabled={emptying}>
            {emptying ? TRASH_TEXT.emptying : TRASH_TEXT.empty}
          </button>
        )}
      </div>
      {emptyError && (
        <p className="banner-error" role="alert">
          {emptyError}
        </p>
      )}
      {emptyPartial.length > 0 && (
        <p className="trash-notice" role="status">
          {TRASH_TEXT.emptyPartial(partialNotice(emptyPartial))}
        </p>
      )}
      {trash.isPending ? (
        <p className="status-line" role="status">
          {TRASH_TEXT.loading}
        </p>
      ) : trash.isError ? (
        <div className="banner-error" role="alert">
          {errorText(trash.error, { prefix: TRASH_TEXT.loadFailed })}{' '}
          <button type="button" className="button" onClick={() => void trash.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          {trash.data.partial.length > 0 && (
            <div className="trash-notice" role="status">
              {TRASH_TEXT.partial(partialNotice(trash.data.partial))}{' '}
              <button type="button" className="button button-quiet" onClick={() => void trash.refetch()} disabled={trash.isFetching}>
                Try again
              </button>
            </div>
          )}
          {items.length === 0 ? (
            <p className="panel trash-empty-state">{TRASH_TEXT.emptyState}</p>
          ) : (
            <ul className="trash-list" aria-label="Deleted items">
              {items.map((item) => (
                <TrashRow
                  key={keyOf(item)}
                  item={item}
                  restored={restored[keyOf(item)]}
                  onRestored={(back) => setRestored((all) => ({ ...all, [keyOf(item)]: back }))}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function TrashRow({ item, restored, onRestored }: { item: TrashItem; restored: Restored | undefined; onRestored: (r: Restored) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  async function restore() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.call('POST /trash/restore', { body: { kind: item.kind, id: item.id } });
      onRestored(answer.restored);
    } catch (caught) {
      setError(errorText(caught, { prefix: TRASH_TEXT.restoreFailed }));
    } finally {
      setBusy(false);
    }
  }

  const left = daysUntil(item.purge_at);
  return (
    <li className={restored ? 'panel trash-row trash-row-restored' : 'panel trash-row'} aria-labelledby={titleId}>
      <div className="trash-row-main">
        <span className="trash-kind">{TRASH_KIND_LABELS[item.kind]}</span>
        <span className="trash-title" id={titleId}>
          {item.title}
        </span>
        {item.detail && <span className="trash-detail">{item.detail}</span>}
        <span className="trash-when">
          <time dateTime={item.deleted_at} title={formatDateTime(item.deleted_at)}>
            {TRASH_TEXT.deleted(timeAgo(item.deleted_at))}
          </time>
          {!restored && ` · ${TRASH_TEXT.purgedIn(left)}`}
        </span>
      </div>
      <div className="trash-row-actions">
        {restored ? (
          <p className="trash-restored" role="status">
            {TRASH_TEXT.restored(restored.title)}{' '}
            {/* A full page load: the remote that shows it reads it afresh, with nothing cached from before. */}
            <a href={restored.url}>{TRASH_TEXT.open}</a>
          </p>
        ) : (
          <button type="button" className="button" onClick={() => void restore()} disabled={busy} aria-describedby={titleId}>
            {busy ? TRASH_TEXT.restoring : TRASH_TEXT.restore}
          </button>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
