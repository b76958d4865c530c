// Logs a browser context in through the login screen (the way an admin does) and helpers to read
// what the session stored.
import type { BrowserContext, Page } from 'playwright-core';
import { AdminDashboardPage } from './admin-dashboard-page.ts';
import { AdminLoginPage } from './admin-login-page.ts';

export async function loginAs(page: Page, email: string, password: string): Promise<AdminDashboardPage> {
  const login = new AdminLoginPage(page);
  await login.open();
  await login.login(email, password);
  const dashboard = new AdminDashboardPage(page);
  await dashboard.title().waitFor();
  return dashboard;
}

export async function storedSession(page: Page): Promise<{ user: { email: string; role: string }; token: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('adminUser');
    return raw ? JSON.parse(raw) : null;
  });
}

/** A new page in a context whose admin is already logged in (through the screen). */
export async function adminPage(
  context: BrowserContext,
  email: string,
  password: string,
): Promise<{ page: Page; dashboard: AdminDashboardPage }> {
  const page = await context.newPage();
  const dashboard = await loginAs(page, email, password);
  return { page, dashboard };
}
