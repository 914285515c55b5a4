import { Button } from './button';

/** A section whose data could not be loaded says so and offers another try (queries already retried what they could). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <p>{`We could not load ${what}.`}</p>
      <Button type="button" $variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
