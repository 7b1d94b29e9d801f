import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import BaseTable from '@renderer/components/base/BaseTable.vue';

const columns = [
  { key: 'name', label: 'Name' },
  { key: 'balance', label: 'Balance', align: 'end' as const },
];

describe('BaseTable', () => {
  it('renders headers and one row per item, with slots for custom cells', () => {
    const wrapper = mount(BaseTable, {
      props: {
        columns,
        rows: [
          { id: 'a', name: 'Treasury', balance: '10 TRX' },
          { id: 'b', name: 'Ops', balance: '2 TRX' },
        ],
        rowKey: 'id',
        caption: 'Accounts',
      },
      slots: { 'cell-name': '<template #cell-name="{ value }"><strong>{{ value }}</strong></template>' },
    });
    expect(wrapper.findAll('th').map((th) => th.text())).toEqual(['Name', 'Balance']);
    expect(wrapper.findAll('tbody tr').map((tr) => tr.text())).toEqual(['Treasury10 TRX', 'Ops2 TRX']);
    expect(wrapper.findAll('strong').map((cell) => cell.text())).toEqual(['Treasury', 'Ops']);
    expect(wrapper.get('caption').text()).toBe('Accounts');
    expect(wrapper.findAll('td.table__cell--end')).toHaveLength(2);
  });

  it('says so when there are no rows', () => {
    const wrapper = mount(BaseTable, { props: { columns, rows: [], rowKey: 'id', emptyText: 'No accounts yet.' } });
    expect(wrapper.get('.table__empty').text()).toBe('No accounts yet.');
    expect(wrapper.get('.table__empty').attributes('colspan')).toBe('2');
  });
});
