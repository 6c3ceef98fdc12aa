import { useCallback, useRef, useState, type DragEvent } from 'react';

/**
 * A drag of files over the list itself: React passes on events from a portal (the dialog,
 * rendered inside the list's component) to the list, though the dialog is not inside it.
 */
const carriesFiles = (event: DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files') &&
  event.target instanceof Node &&
  event.currentTarget instanceof Node &&
  event.currentTarget.contains(event.target);

/**
 * A list that takes a dropped file (an .ics invitation): `dragging` while a file is held over
 * it, `onFile` with the first file dropped. Drags that carry no file (text, the list's own
 * reordering, which uses pointer events) are left alone.
 */
export function useIcsDrop(onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them to know when the pointer left.
  const depth = useRef(0);
  const onDragEnter = useCallback((event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  }, []);
  const onDragOver = useCallback((event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDragLeave = useCallback((event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) onFile(file);
    },
    [onFile],
  );
  return { dragging, dropProps: { onDragEnter, onDragOver, onDragLeave, onDrop } };
}
