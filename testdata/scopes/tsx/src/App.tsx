// scope: production

export function App(): JSX.Element {
  return <div>App</div>;
}
