import { expect, test } from '@playwright/test';
import { MESSAGES } from './support/env';
import { signUpApi, submitAuthForm, uniqueEmail } from './support/helpers';

test('sign-in with a wrong password shows "Invalid email or password"', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('wrongpw');
  // Create the account from a separate API context so the page starts signed out.
  const api = await playwright.request.newContext({ baseURL });
  await signUpApi(api, email);
  await api.dispose();

  await page.goto('/sign-in');
  await submitAuthForm(page, 'sign-in', email, 'not the right password');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  await expect(page).toHaveURL(/\/sign-in/);
});

test('sign-up with a taken email shows "Email has already been taken"', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('taken');
  const api = await playwright.request.newContext({ baseURL });
  await signUpApi(api, email);
  await api.dispose();

  await page.goto('/sign-up');
  await submitAuthForm(page, 'sign-up', email);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailTaken);
  await expect(page).toHaveURL(/\/sign-up/);
});
