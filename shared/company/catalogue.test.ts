import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  CATALOGUE_GROUPS,
  catalogueByGroup,
  catalogueItem,
  DEFAULT_CATALOGUE_ITEM_ID,
  isChartItem,
} from './catalogue';

const ids = (group: string) => CATALOGUE.filter((i) => i.group === group).map((i) => i.id);

describe('chart catalogue', () => {
  it('gives every item a unique id', () => {
    const all = CATALOGUE.map((i) => i.id);
    expect(new Set(all).size).toBe(all.length);
  });

  it('lists the dropdown groups in the order of the spec and fills each one', () => {
    expect(catalogueByGroup().map((g) => g.group)).toEqual([
      'Price Chart',
      'Investment Highlights',
      'Financials',
      'Revenue & Profit',
      'Balance Sheet Items',
      'Margins',
      'Valuation Metrics',
      'Key Ratios',
      'News',
    ]);
    for (const group of CATALOGUE_GROUPS) expect(ids(group).length).toBeGreaterThan(0);
  });

  it('offers the three statements annual and quarterly plus Financial Ratios under Financials', () => {
    expect(ids('Financials')).toEqual([
      'income-statement-annual',
      'income-statement-quarterly',
      'cash-flow-statement-annual',
      'cash-flow-statement-quarterly',
      'balance-sheet-annual',
      'balance-sheet-quarterly',
      'financial-ratios',
    ]);
    expect(catalogueItem('balance-sheet-quarterly')).toMatchObject({
      kind: 'statement',
      statement: 'balance',
      frequency: 'quarter',
    });
    expect(catalogueItem('financial-ratios')).toMatchObject({
      kind: 'ratios',
      showsMillionsNote: false,
    });
  });

  it('offers revenue, profits and EPS quarterly and annual from the income statement', () => {
    expect(ids('Revenue & Profit')).toHaveLength(12);
    const fields = new Set(
      CATALOGUE.filter((i) => i.group === 'Revenue & Profit').map((i) => i.field),
    );
    expect([...fields]).toEqual([
      'revenue',
      'grossProfit',
      'ebitda',
      'operatingIncome',
      'netIncome',
      'epsdiluted',
    ]);
    expect(catalogueItem('revenue-quarterly')).toMatchObject({
      kind: 'bar',
      frequency: 'quarter',
      format: 'S',
      source: 'income-statement',
    });
    expect(catalogueItem('eps-annual')).toMatchObject({ format: 'C', frequency: 'annual' });
  });

  it('offers balance sheet items quarterly only, drawn as areas', () => {
    const items = CATALOGUE.filter((i) => i.group === 'Balance Sheet Items');
    expect(items.map((i) => i.field)).toEqual([
      'totalAssets',
      'totalLiabilities',
      'totalStockholdersEquity',
    ]);
    expect(items.every((i) => i.frequency === 'quarter' && i.kind === 'area')).toBe(true);
  });

  it('reads margins as percent fractions from the ratios', () => {
    const items = CATALOGUE.filter((i) => i.group === 'Margins');
    expect(items).toHaveLength(8);
    expect([...new Set(items.map((i) => i.field))]).toEqual([
      'grossProfitMargin',
      'operatingProfitMargin',
      'pretaxProfitMargin',
      'netProfitMargin',
    ]);
    expect(items.every((i) => i.format === 'P' && i.source === 'ratios')).toBe(true);
  });

  it('clamps negatives to 0 for P/E, P/B, P/S and P/FCF only', () => {
    const clamped = CATALOGUE.filter((i) => i.clampNegatives)
      .map((i) => i.id)
      .sort();
    expect(clamped).toEqual([
      'pb-annual',
      'pb-quarterly',
      'pe-annual',
      'pe-quarterly',
      'pfcf-annual',
      'pfcf-quarterly',
      'ps-annual',
      'ps-quarterly',
    ]);
    expect(catalogueItem('ev-ebitda-quarterly')).toMatchObject({
      clampNegatives: false,
      field: 'enterpriseValueMultiple',
    });
    expect(catalogueItem('pfcf-annual')?.field).toBe('priceToFreeCashFlowsRatio');
  });

  it('reads the key ratios from the legacy ratio and key-metric fields', () => {
    const fields = [
      ...new Set(CATALOGUE.filter((i) => i.group === 'Key Ratios').map((i) => i.field)),
    ];
    expect(fields).toEqual([
      'currentRatio',
      'quickRatio',
      'debtEquityRatio',
      'returnOnEquity',
      'returnOnAssets',
      'roic',
    ]);
    expect(catalogueItem('roic-quarterly')).toMatchObject({
      source: 'key-metrics',
      format: 'P',
      kind: 'bar',
    });
  });

  it('gives every chart a field and format and no panel a field', () => {
    for (const item of CATALOGUE) {
      if (isChartItem(item)) {
        expect(item.field, item.id).toBeTruthy();
        expect(item.format, item.id).toBeTruthy();
      } else {
        expect(item.field, item.id).toBeUndefined();
      }
    }
  });

  it('hides the millions note for news, investment highlights and financial ratios only', () => {
    const hidden = CATALOGUE.filter((i) => !i.showsMillionsNote).map((i) => i.id);
    expect(hidden).toEqual(['investment-highlights', 'financial-ratios', 'news']);
  });

  it('opens on the price chart, an area of closing prices', () => {
    expect(catalogueItem(DEFAULT_CATALOGUE_ITEM_ID)).toMatchObject({
      kind: 'area',
      frequency: 'price',
      field: 'close',
    });
    expect(catalogueItem('no-such-item')).toBeUndefined();
  });
});
