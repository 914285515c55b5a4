import { Suspense, useState, useSyncExternalStore } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { updateAvailable, type UpdateAvailable } from '../lib/update-available';

/** Fetched only when an update waits; the old version's worker has it precached, as every file of its build. */
const UpdateBanner = lazyComponent(
  () => import('./update-banner'),
  (module) => module.UpdateBanner,
);

/** Shows the new-version banner while an update waits and the visitor has not dismissed it. */
export function UpdatePrompt() {
  const update = useSyncExternalStore(updateAvailable.subscribe, updateAvailable.current, () => null);
  const [dismissed, setDismissed] = useState<UpdateAvailable | null>(null);
  if (!update || update === dismissed) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner onReload={update.activate} onDismiss={() => setDismissed(update)} />
    </Suspense>
  );
}
