import type { ActivationCodeRepository } from '../../app/ports.js';
import type { ActivationCode } from '../../domain/activation-code.js';

export class MemoryActivationCodeRepository implements ActivationCodeRepository {
  private readonly codes = new Map<string, ActivationCode>();

  async createIfAbsent(code: ActivationCode): Promise<boolean> {
    if (this.codes.has(code.code)) return false;
    this.codes.set(code.code, structuredClone(code));
    return true;
  }

  async find(code: string): Promise<ActivationCode | undefined> {
    const found = this.codes.get(code);
    return found && structuredClone(found);
  }

  async listByAssociation(companyId: string): Promise<ActivationCode[]> {
    return [...this.codes.values()]
      .filter((code) => code.companyId === companyId)
      .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime())
      .map((code) => structuredClone(code));
  }
}
