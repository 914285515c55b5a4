import { Page } from '@/components/ui/page';

export function AboutPage() {
  return (
    <Page title="How it works">
      <p>Stay calm, keep your distance, identify the bees and tell us where they are. We alert a local beekeeper who can collect them.</p>
    </Page>
  );
}
