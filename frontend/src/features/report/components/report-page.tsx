import { Page } from '@/components/ui/page';

export function ReportPage() {
  return (
    <Page title="Report a swarm">
      <p>This page will hold the report form: your name, your phone number, the address of the swarm and an optional photo.</p>
    </Page>
  );
}
