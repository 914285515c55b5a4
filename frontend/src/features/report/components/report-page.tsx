import { Page } from '@/components/ui/page';
import { useMessages } from '@/lib/i18n/language';
import { ReportForm } from './report-form';

export function ReportPage() {
  const t = useMessages();
  return (
    <Page title={t['report.title']}>
      <p>{t['report.intro']}</p>
      <ReportForm />
    </Page>
  );
}
