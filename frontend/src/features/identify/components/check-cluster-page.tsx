import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMessages } from '@/lib/i18n/language';
import { Answers, IdentifyStep } from './identify-step';
import { WaspDialog } from './wasp-dialog';

export function CheckClusterPage() {
  const navigate = useNavigate();
  const [waspDialogOpen, setWaspDialogOpen] = useState(false);
  const t = useMessages();
  return (
    <IdentifyStep step={1} title={t['identify.cluster.title']}>
      <p>{t['identify.cluster.text']}</p>
      <Answers>
        <Button type="button" $fullWidth onClick={() => navigate(paths.identify.size.getHref())}>
          {t['identify.yes']}
        </Button>
        <Button type="button" $variant="secondary" $fullWidth onClick={() => setWaspDialogOpen(true)}>
          {t['identify.no']}
        </Button>
        <ButtonLink to={paths.landing.getHref()} $variant="secondary" $fullWidth>
          {t['identify.back']}
        </ButtonLink>
      </Answers>
      {waspDialogOpen && <WaspDialog onClose={() => setWaspDialogOpen(false)} />}
    </IdentifyStep>
  );
}
