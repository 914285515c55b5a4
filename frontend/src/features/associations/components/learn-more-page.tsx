import { Page } from '@/components/ui/page';

export function LearnMorePage() {
  return (
    <Page title="Swarm Alert for beekeeping associations">
      <p>This page will explain the benefits for associations, how the service works, and its cost and payments.</p>
    </Page>
  );
}
