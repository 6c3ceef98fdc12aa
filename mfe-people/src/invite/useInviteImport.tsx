import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { Meeting } from '@cc/contracts/people';
import { useIcsDrop } from './useIcsDrop';
import './invite-drop.css';

/** The dialog (its preview and writes): loaded when it opens. */
const importDialog = () => import(/* webpackChunkName: "invite-dialog" */ './InviteDialog');

interface Options {
  /** The person whose meetings these are (an attendee of the new meeting); none on the people list. */
  personId?: number;
  /** The meeting made from the invitation, or the one it made before: the page opens it. */
  onOpen(meeting: Meeting): void;
}

/**
 * "Add from invite" on a list (docs/people.md#meetings-from-an-invite): `open()` for its button,
 * `dropProps` for the list an .ics file may be dropped on (the dialog opens with it), and the
 * dialog itself to render while open.
 */
export function useInviteImport({ personId, onOpen }: Options) {
  const [open, setOpen] = useState<{ file: File | null; key: number } | null>(null);
  const InviteDialog = useMemo(() => lazy(importDialog), []);
  const { dragging, dropProps } = useIcsDrop(useCallback((file: File) => setOpen({ file, key: Date.now() }), []));
  const close = useCallback(() => setOpen(null), []);
  const dialog = open && (
    <Suspense fallback={<p role="status">Opening…</p>}>
      <InviteDialog
        key={open.key}
        file={open.file}
        {...(personId !== undefined ? { personId } : {})}
        onClose={close}
        onOpen={(meeting) => {
          setOpen(null);
          onOpen(meeting);
        }}
      />
    </Suspense>
  );
  return {
    open: useCallback(() => setOpen({ file: null, key: Date.now() }), []),
    preload: () => void importDialog(),
    dragging,
    dropProps,
    dialog,
  };
}
