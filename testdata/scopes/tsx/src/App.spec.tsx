// scope: tests

export function AppSpec(): JSX.Element {
  return <div>AppSpec</div>;
}
