int main(void)
{
    int x = f();
    return x;
}
