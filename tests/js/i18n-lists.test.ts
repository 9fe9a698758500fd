// Lists in words as each language writes them (ui/i18n.ts): English separates items with
// commas and joins the last with "and" (a comma before it from three items on, as the
// pseudocode's "or" lists do); Chinese separates with the enumeration comma 、 and joins
// with 和.
import { describe, expect, it } from 'vitest';
import { listAll, listItems } from '../../web/src/ui/i18n';

describe('lists in words', () => {
  it('enumerate with the language\'s separator', () => {
    expect(listItems('en', ['Never', 'Always'])).toBe('Never, Always');
    expect(listItems('zh-CN', ['不允许', '没有障碍时允许'])).toBe('不允许、没有障碍时允许');
  });

  it('join the last item with "and", as each language does', () => {
    expect([[], ['a'], ['a', 'b'], ['a', 'b', 'c']].map((items) => listAll('en', items))).toEqual(['', 'a', 'a and b', 'a, b, and c']);
    expect([[], ['甲'], ['甲', '乙'], ['甲', '乙', '丙']].map((items) => listAll('zh-CN', items))).toEqual(['', '甲', '甲和乙', '甲、乙和丙']);
  });
});
