import { generateActivationCode, type ActivationCode } from '../domain/activation-code.js';
import { AssociationError } from '../domain/association-error.js';
import type { ActivationCodeRepository, AssociationRepository, Clock, RandomBelow } from './ports.js';

/** 32^8 codes make a collision rare; a few fresh draws make it practically impossible to fail. */
const MAX_ATTEMPTS = 5;

export class IssueActivationCode {
  constructor(
    private readonly ports: {
      associations: AssociationRepository;
      codes: ActivationCodeRepository;
      clock: Clock;
      randomBelow: RandomBelow;
    },
  ) {}

  async execute(companyId: string): Promise<ActivationCode> {
    if (!(await this.ports.associations.findById(companyId))) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const code: ActivationCode = { code: generateActivationCode(this.ports.randomBelow), companyId, issuedAt: this.ports.clock.now() };
      if (await this.ports.codes.createIfAbsent(code)) return code;
    }
    throw new Error(`no free activation code after ${MAX_ATTEMPTS} attempts`);
  }
}
