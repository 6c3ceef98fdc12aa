import { DialogProvider } from '@cc/ui/dialogs';
import { AboutMe } from './AboutMe';

/**
 * The About me view. The dashboard shows it (through federation) when no file is open, so
 * it does not set the tab title or assume a page around it. It brings its own dialog provider:
 * `@cc/ui/dialogs` is not a shared module, so the dashboard's provider is another copy.
 */
export default function AboutMePanel() {
  return (
    <DialogProvider>
      <AboutMe />
    </DialogProvider>
  );
}

export { AboutMePanel };
