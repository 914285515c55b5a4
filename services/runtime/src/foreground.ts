/**
 * The requests people are waiting on, counted where they arrive (the gateway), for background work in the same process
 * to give way to: in the embedded product one thread answers a reporter and sends a wave of alerts.
 */
export class ForegroundRequests {
  private inFlight = 0;

  /** Counts one request until the returned function is called (once; later calls change nothing). */
  begin(): () => void {
    this.inFlight += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight -= 1;
    };
  }

  busy(): boolean {
    return this.inFlight > 0;
  }
}
