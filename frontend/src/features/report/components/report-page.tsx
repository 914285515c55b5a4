import { Page } from '@/components/ui/page';
import { ReportForm } from './report-form';

export function ReportPage() {
  return (
    <Page title="Report a swarm">
      <p>Tell us how to reach you and where the swarm is. We only share your details with the beekeeper who collects the swarm.</p>
      <ReportForm />
    </Page>
  );
}
