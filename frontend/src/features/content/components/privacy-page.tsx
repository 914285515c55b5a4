import { Page } from '@/components/ui/page';

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy">
      <p>Last updated 2024-03-27.</p>
      <p>The full privacy policy will be published on this page.</p>
    </Page>
  );
}
