import { vi } from 'vitest';

/** A service worker as the page sees one: its state, and the messages it was sent. */
export class FakeWorker extends EventTarget {
  postMessage = vi.fn();
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

export class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
}

/**
 * `navigator.serviceWorker` as the browser drives it, with the steps of an update the tests play: a worker found,
 * installed (waiting while another controls the page), taking over.
 */
export class FakeServiceWorkerContainer extends EventTarget {
  controller: FakeWorker | null = null;
  readonly registration = new FakeRegistration();
  register = vi.fn(async () => this.registration as unknown as ServiceWorkerRegistration);

  /** A visit before this one installed a worker, which controls this page. */
  static controlledByEarlierVersion(): FakeServiceWorkerContainer {
    const container = new FakeServiceWorkerContainer();
    const active = new FakeWorker('activated');
    container.controller = active;
    container.registration.active = active;
    return container;
  }

  /** The browser found a new worker and installed it: it waits if a worker is active, else it activates. */
  installNewVersion(): FakeWorker {
    const worker = new FakeWorker('installing');
    this.registration.installing = worker;
    this.registration.dispatchEvent(new Event('updatefound'));
    this.registration.installing = null;
    if (this.registration.active) {
      this.registration.waiting = worker;
      worker.moveTo('installed');
    } else {
      this.registration.active = worker;
      worker.moveTo('installed');
      worker.moveTo('activated');
    }
    return worker;
  }

  /** The waiting worker took over (its skipWaiting, or another tab's request). */
  takeOver(): void {
    const worker = this.registration.waiting;
    if (!worker) throw new Error('no worker is waiting');
    this.registration.waiting = null;
    this.registration.active = worker;
    worker.moveTo('activated');
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }

  asContainer(): ServiceWorkerContainer {
    return this as unknown as ServiceWorkerContainer;
  }
}
