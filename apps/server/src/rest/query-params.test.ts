// The query-string grammar on the exact strings postgrest-js writes (URLSearchParams encoding).
import { describe, expect, it } from 'vitest'
import { applyRangeHeader, columnFilters, parseInList, parseQueryString } from './query-params.js'
import { RestError } from './rest-error.js'

describe('parseQueryString', () => {
  it('reads select, order, limit, offset and filters as supabase-js sends them', () => {
    const spec = parseQueryString(
      'select=id%2Ctitle%2C%22odd+col%22&status=eq.pending&order=date.desc.nullslast,id&limit=10&offset=20',
    )
    expect(spec.select).toEqual([
      { star: false, column: 'id', alias: undefined, cast: undefined },
      { star: false, column: 'title', alias: undefined, cast: undefined },
      { star: false, column: 'odd col', alias: undefined, cast: undefined },
    ])
    expect(spec.order).toEqual([
      { column: 'date', desc: true, nulls: 'last' },
      { column: 'id', desc: false },
    ])
    expect(spec.limit).toBe(10)
    expect(spec.offset).toBe(20)
    expect(columnFilters(spec)).toEqual([
      { kind: 'cond', column: 'status', negate: false, op: 'eq', value: 'pending' },
    ])
  })

  it('splits op.value on the first dot only and decodes + as space', () => {
    const spec = parseQueryString('d=eq.2024.05.01&name=eq.a+b%2Cc%26d%3D%C3%A9&x=not.is.null')
    expect(columnFilters(spec)).toEqual([
      { kind: 'cond', column: 'd', negate: false, op: 'eq', value: '2024.05.01' },
      { kind: 'cond', column: 'name', negate: false, op: 'eq', value: 'a b,c&d=é' },
      { kind: 'cond', column: 'x', negate: true, op: 'is', value: 'null' },
    ])
  })

  it('parses or trees with nested and, not and quoted values', () => {
    const spec = parseQueryString(
      `or=${encodeURIComponent('(a.eq.1,and(b.gt.2,c.not.like.x*),not.or(d.is.true),e.eq."x,y")')}`,
    )
    expect(spec.filters).toEqual([
      {
        kind: 'logic',
        op: 'or',
        negate: false,
        children: [
          { kind: 'cond', column: 'a', negate: false, op: 'eq', value: '1' },
          {
            kind: 'logic',
            op: 'and',
            negate: false,
            children: [
              { kind: 'cond', column: 'b', negate: false, op: 'gt', value: '2' },
              { kind: 'cond', column: 'c', negate: true, op: 'like', value: 'x*' },
            ],
          },
          {
            kind: 'logic',
            op: 'or',
            negate: true,
            children: [{ kind: 'cond', column: 'd', negate: false, op: 'is', value: 'true' }],
          },
          { kind: 'cond', column: 'e', negate: false, op: 'eq', value: 'x,y' },
        ],
      },
    ])
  })

  it('reads aliases and casts in select', () => {
    expect(parseQueryString('select=name:title,day:date::text').select).toEqual([
      { star: false, column: 'title', alias: 'name', cast: undefined },
      { star: false, column: 'date', alias: 'day', cast: 'text' },
    ])
  })

  it.each([
    'x=zz.1',
    'x=eq',
    'x=is.maybe',
    'limit=-1',
    'order=a.up',
    'or=(a.eq.1',
    'select=a,b(*)',
    'select=a::int);drop',
  ])('refuses %s with PGRST100', (qs) => {
    let caught: unknown
    try {
      const spec = parseQueryString(qs)
      columnFilters(spec)
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(RestError)
    expect((caught as RestError).code).toBe('PGRST100')
    expect((caught as RestError).status).toBe(400)
  })
})

describe('parseInList', () => {
  it.each([
    ['(1,2,"x,y")', ['1', '2', 'x,y']],
    ['("a),(b","c")', ['a),(b', 'c']],
    ['(" or 1=1 --,b)', ['" or 1=1 --', 'b']],
    ['("say \\"hi\\"")', ['say "hi"']],
    ['()', []],
  ])('%s', (raw, expected) => {
    expect(parseInList(raw, raw)).toEqual(expected)
  })
})

describe('applyRangeHeader', () => {
  it.each([
    [{}, '0-9', { offset: 0, limit: 10 }],
    [{}, '5-', { offset: 5, limit: undefined }],
    [{ offset: 10, limit: 10 }, '12-30', { offset: 12, limit: 8 }],
    [{ limit: 3 }, 'items=0-9', { offset: 0, limit: 3 }],
  ])('%o with Range %s', (start, header, expected) => {
    const spec = { ...parseQueryString(''), ...start }
    applyRangeHeader(spec, header)
    expect({ offset: spec.offset, limit: spec.limit }).toEqual(expected)
  })
})
