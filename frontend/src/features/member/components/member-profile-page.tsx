import { Page } from '@/components/ui/page';

export function MemberProfilePage() {
  return (
    <Page title="Your profile">
      <p>Your information, associations, availability, active swarms and claimed swarms will be shown here.</p>
    </Page>
  );
}
