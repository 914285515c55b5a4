/** Reading the k6 run's environment (`k6 run -e NAME=value` or the shell's variables), refusing a run that lacks one. */

export function required(name: string): string {
  const value = __ENV[name];
  if (value === undefined || value.trim() === '') throw new Error(`${name} is required (k6 run -e ${name}=…)`);
  return value.trim();
}

export function optional(name: string, fallback: string): string {
  const value = __ENV[name];
  return value === undefined || value.trim() === '' ? fallback : value.trim();
}

export function positiveNumber(name: string, fallback: number): number {
  const text = optional(name, String(fallback));
  const value = Number(text);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, not '${text}'`);
  return value;
}

/** A comma-separated list, blanks dropped. */
export function list(name: string, fallback: string[] = []): string[] {
  const value = __ENV[name];
  if (value === undefined || value.trim() === '') return fallback;
  return value.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

/** The deployment under load, without a trailing slash; its host must be the one the product is configured with. */
export function baseUrl(): string {
  return required('BASE_URL').replace(/\/+$/, '');
}
