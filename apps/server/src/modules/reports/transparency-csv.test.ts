import { describe, expect, it } from 'vitest';
import { transparencyCsv } from './reports.service';

describe('the transparency report as CSV', () => {
  it('quotes its cells and runs no formula, whatever a form or law is called', () => {
    const row = { decision: 'remove', count: 2, median_hours: 1.5, mean_hours: 2, max_hours: -0.25 };
    const csv = transparencyCsv({
      from: null,
      to: null,
      generated_at: '2026-06-01T00:00:00Z',
      open: [],
      rows: [
        { form: 'dsa', law: 'DMCA', ...row },
        { form: '=HYPERLINK("https://evil.example/","x")', law: '@SUM(A1)', ...row },
        { form: '+dsa', law: '-GDPR', ...row },
        { form: '\tdsa', law: 'a,b', ...row },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'form,law,decision,count,median_hours_to_decide,mean_hours_to_decide,max_hours_to_decide',
      'dsa,DMCA,remove,2,1.5,2,-0.25',
      `"'=HYPERLINK(""https://evil.example/"",""x"")",'@SUM(A1),remove,2,1.5,2,-0.25`,
      "'+dsa,'-GDPR,remove,2,1.5,2,-0.25",
      `'\tdsa,"a,b",remove,2,1.5,2,-0.25`,
      '',
    ]);
  });
});
