import { Page } from '@/components/ui/page';

export function CheckClusterPage() {
  return (
    <Page title="Are the bees in a swarm (cluster)?">
      <p>A honeybee swarm is a cluster of bees hanging together, often from a branch, a fence or a wall. This step will let you answer yes or no.</p>
    </Page>
  );
}
