// JSX: elements, attributes and embedded expressions add nothing of their
// own; the operators and ternaries inside `{...}` count in the enclosing
// callable as anywhere else. A component bound to a name is a callable.

// cc: 1 + && + ternary = 3; cog: && 1 + ternary 1 = 2. sloc 6: the closing
// `);` and `};` are not code, `return (` and `</ul>` are.
const List = ({ items, empty }: ListProps): JSX.Element => { // want name:"List" cc:"3" cog:"2" sloc:"6" nesting:"1"
  return (
    <ul className="list">
      {items.length > 0 && items.map((item) => <li key={item.id}>{item.name}</li>)}
      {items.length === 0 ? <Empty text={empty} /> : null}
    </ul>
  );
};

// A class component: render is a method. cc: 1 + if + || = 3; cog: if 1 + || 1 = 2
class Badge extends React.Component<BadgeProps> {
  render(): JSX.Element | null { // want name:"Badge.render" cc:"3" cog:"2" sloc:"4" nesting:"1"
    if (!this.props.count) {
      return null;
    }
    return <span title={this.props.title || "count"}>{this.props.count}</span>;
  }
}

// A generic arrow function in TSX needs `extends` (or a comma) to be no JSX.
const wrap = <T extends object>(value: T): T[] => [value]; // want name:"wrap" cc:"1" cog:"0" sloc:"1" nesting:"0"

interface ListProps {
  items: { id: number; name: string }[];
  empty: string;
}

interface BadgeProps {
  count?: number;
  title?: string;
}

declare function Empty(props: { text: string }): JSX.Element;
