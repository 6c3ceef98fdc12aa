import { accounts } from './001_accounts';
import { signInLimits } from './002_sign_in_limits';

export const migrations = [accounts, signInLimits];
