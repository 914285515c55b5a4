import { Page } from '@/components/ui/page';

export function LoginPage() {
  return (
    <Page title="Member login">
      <p>Members will be able to log in here with Google or with a link sent by email.</p>
    </Page>
  );
}
