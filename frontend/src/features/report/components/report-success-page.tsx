import { Page } from '@/components/ui/page';

export function ReportSuccessPage() {
  return (
    <Page title="Thank you for your report">
      <p>This page will list the beekeeping associations that were alerted about your swarm.</p>
    </Page>
  );
}
