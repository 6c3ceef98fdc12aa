import { accounts } from './001_accounts';

export const migrations = [accounts];
