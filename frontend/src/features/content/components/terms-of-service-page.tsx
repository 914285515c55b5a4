import { Page } from '@/components/ui/page';

export function TermsOfServicePage() {
  return (
    <Page title="Terms of Service">
      <p>Last updated 2024-03-27.</p>
      <p>The full terms of service will be published on this page.</p>
    </Page>
  );
}
