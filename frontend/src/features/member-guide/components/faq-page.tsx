import { Page } from '@/components/ui/page';

export function FaqPage() {
  return (
    <Page title="Frequently asked questions">
      <p>Answers to common questions from members will be listed on this page.</p>
    </Page>
  );
}
