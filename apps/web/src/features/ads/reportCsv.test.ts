import { describe, expect, it } from 'vitest';
import type { ReportRow } from './ads.api';
import { reportCsv } from './reportCsv';

const row = (name: string): ReportRow =>
  ({ date: '2026-06-01', id: '11', name, campaign_id: '11', impressions: 10, clicks: 2, saves: 1, spend_in_micro_currency: 50_000 }) as ReportRow;

describe('the advertiser report as CSV', () => {
  it('keeps a campaign named like a formula as text', () => {
    const csv = reportCsv([row('=HYPERLINK("https://evil.example/","Click")'), row('@SUM(A1)'), row('-1+1'), row('Spring, sale')], 'EUR');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('date,id,name,campaign_id,impressions,outbound_clicks,saves,spend_EUR');
    expect(lines[1]).toBe(`2026-06-01,11,"'=HYPERLINK(""https://evil.example/"",""Click"")",11,10,2,1,0.05`);
    expect(lines[2]).toBe("2026-06-01,11,'@SUM(A1),11,10,2,1,0.05");
    expect(lines[3]).toBe("2026-06-01,11,'-1+1,11,10,2,1,0.05");
    expect(lines[4]).toBe('2026-06-01,11,"Spring, sale",11,10,2,1,0.05');
    expect(csv.endsWith('\r\n')).toBe(true);
    // No cell of the document starts a formula.
    for (const line of lines) for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@\t]/);
  });
});
