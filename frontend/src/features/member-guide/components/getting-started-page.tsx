import { Page } from '@/components/ui/page';

export function GettingStartedPage() {
  return (
    <Page title="Getting started">
      <p>This guide will walk members through logging in, completing their information, adding an association and setting their availability.</p>
    </Page>
  );
}
