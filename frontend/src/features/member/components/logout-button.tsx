import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/logout';
import { useNotify } from '@/lib/notify';

export const logoutMessages = { failedTitle: 'Error', failed: 'Something went wrong logging you out.' } as const;

/** Spec §4 and §8: logout goes to '/' whether or not the server answered, with a message when it did not. */
export function LogoutButton() {
  const navigate = useNavigate();
  const notify = useNotify();
  const logout = useLogout();

  const onClick = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      notify.error(logoutMessages.failedTitle, logoutMessages.failed);
    }
    void navigate(paths.landing.getHref());
  };

  return (
    <Button type="button" $variant="secondary" onClick={onClick} disabled={logout.isPending}>
      Log out
    </Button>
  );
}
